/**
 * Matches, results, players, leaderboards, tokens and the admin operations on ratings.
 */
import { Type } from 'typebox';
import { EpochMs, Finite, Id, List, QueryInt, Track, Unit } from './schema-common.ts';

/** POST /v1/matches/{matchId}/result. */
export const ResultRequest = Type.Object(
  {
    ranks: List(Type.Integer({ minimum: 1, maximum: 64 }), {
      minItems: 2,
      maxItems: 64,
      description: 'Per team: 1 = first; ties allowed',
    }),
    scores: Type.Optional(List(Finite(), { minItems: 2, maxItems: 64, description: 'Per team' })),
    participation: Type.Optional(
      List(List(Unit, { minItems: 1, maxItems: 100 }), {
        minItems: 2,
        maxItems: 64,
        description:
          "Per team, per player: the share of the match played (missing = 1). A result's per-player lists (participation, performance) follow the match's roster at its end: per team, the players in it at the end, in the order of the hand-off record's `teams[].playerIds`",
      }),
    ),
    homeTeam: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 63, description: 'Team sports: the index of the home team' }),
    ),
    neutral: Type.Optional(
      Type.Boolean({ description: 'Team sports: played at a neutral site (no home advantage)' }),
    ),
    season: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Team sports: the season, for regression between seasons',
      }),
    ),
    performance: Type.Optional(
      List(List(Finite(), { minItems: 1, maxItems: 100 }), {
        minItems: 2,
        maxItems: 64,
        description:
          'Per team, per player: a number the game defines for how well the player played (e.g. a score); moves ratings on tracks whose policy has `performance`',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { ranks: [1, 2] },
      { ranks: [2, 1], scores: [14, 16] },
      {
        ranks: [1, 2],
        performance: [
          [12.5, 3],
          [7, 8.25],
        ],
      },
    ],
  },
);

const RatingSnapshot = Type.Object({
  mean: Type.Optional(Type.Number({ description: 'Absent while the player calibrates (but for admins)' })),
  deviation: Type.Optional(
    Type.Number({ description: 'Absent while the player calibrates (but for admins)' }),
  ),
  display: Type.Optional(Type.Number({ description: 'Absent while the player calibrates' })),
  provisional: Type.Optional(
    Type.Number({ description: 'While calibrating, on a policy that shows one: the display value so far' }),
  ),
});

/** A rating change as the caller may see it: values hidden where the track's policy says so. */
const RatingChange = Type.Union([
  Type.Object({
    playerId: Type.String(),
    track: Type.String(),
    before: RatingSnapshot,
    after: RatingSnapshot,
  }),
  Type.Object({ playerId: Type.String(), track: Type.String(), hidden: Type.Literal(true) }),
]);

const StoredResult = Type.Object({
  ranks: List(Type.Integer()),
  scores: Type.Optional(List(Type.Number())),
  participation: Type.Optional(List(List(Type.Number()))),
  homeTeam: Type.Optional(Type.Integer()),
  neutral: Type.Optional(Type.Boolean()),
  season: Type.Optional(Type.String()),
  performance: Type.Optional(List(List(Type.Number()))),
});

const MatchOutcome = Type.Object(
  {
    reportedAtMs: EpochMs,
    result: StoredResult,
    changes: List(RatingChange),
  },
  { title: 'MatchOutcome' },
);

/** A stored match: teams of seats, quality, and its outcome once reported. */
export const MatchRecord = Type.Object(
  {
    matchId: Type.String(),
    queueId: Type.String(),
    createdAtMs: EpochMs,
    teams: List(
      List(
        Type.Object({
          playerId: Type.String(),
          ticketId: Type.String(),
          track: Type.String(),
          left: Type.Optional(
            Type.Boolean({
              description:
                "Left before the match's end (a leave report, or left out of a backfill request); rated as the queue's `backfill.leavers` says",
            }),
          ),
          backfilled: Type.Optional(Type.Boolean({ description: 'Joined the running match by backfill' })),
        }),
      ),
      {
        description:
          'Per team, its seats: the teams the match formed with; once a result is reported, its whole roster (players who left marked `left`, then backfilled players marked `backfilled`)',
      },
    ),
    teamNames: Type.Optional(
      List(Type.String(), {
        description: 'The name of each team, in `teams` order, when the queue declares named teams',
      }),
    ),
    quality: Type.Optional(Type.Number()),
    outcome: Type.Optional(MatchOutcome),
  },
  {
    title: 'MatchRecord',
    examples: [
      {
        matchId: 'm_0c6f8a39-52b6-4c38-8d4b-3f1f4c0a7a11',
        queueId: 'quick-2v2',
        createdAtMs: 1_764_000_000_000,
        teams: [
          [
            { playerId: 'ana', ticketId: 't_a', track: 'quick/party' },
            { playerId: 'ben', ticketId: 't_a', track: 'quick/party' },
          ],
          [
            { playerId: 'cai', ticketId: 't_c', track: 'quick/solo' },
            { playerId: 'dan', ticketId: 't_d', track: 'quick/solo' },
          ],
        ],
        quality: 0.93,
      },
    ],
  },
);

/** The answer to a result report. */
export const ResultReply = Type.Object({
  applied: Type.Boolean({ description: 'false: the same report again; the first outcome is returned' }),
  outcome: MatchOutcome,
});

const TrackView = Type.Object({
  track: Type.String(),
  games: Type.Integer(),
  wins: Type.Integer(),
  losses: Type.Integer(),
  draws: Type.Integer(),
  calibrating: Type.Boolean({ description: 'Calibrating ratings are hidden from leaderboards' }),
  calibrationGamesLeft: Type.Integer(),
  visibility: Type.Union(
    ['public', 'self', 'friends', 'hidden'].map((value) => Type.Literal(value)),
    { description: "Who sees the rating (the track's policy); admins always do" },
  ),
  private: Type.Boolean({ description: 'Not public: the rating is shown to some callers only' }),
  visible: Type.Boolean({ description: 'This caller may see the rating' }),
  display: Type.Optional(Type.Number()),
  provisional: Type.Optional(
    Type.Number({ description: 'While calibrating, on a policy that shows one: the display value so far' }),
  ),
  mean: Type.Optional(Type.Number({ description: 'Absent while calibrating (but for admins)' })),
  deviation: Type.Optional(Type.Number()),
  rank: Type.Optional(Type.Integer()),
  ladderPlace: Type.Optional(
    Type.Integer({
      description: "On a track whose policy keeps Kreimeier's ladder: the place on it (1 = top)",
    }),
  ),
  lastPlayedAtMs: EpochMs,
});

/** A player's profile. */
export const Profile = Type.Object(
  {
    playerId: Type.String(),
    gamesPlayed: Type.Integer(),
    experience: Type.Number({ description: 'log of games played, over every track' }),
    tracks: List(TrackView),
    waitingTicketId: Type.Optional(Type.String()),
  },
  { title: 'Profile' },
);

export const HistoryQuery = Type.Object(
  {
    limit: Type.Optional(QueryInt('1 to 100, default 20')),
    beforeMs: Type.Optional(QueryInt('Only matches formed before this epoch ms (paging)')),
  },
  { additionalProperties: false },
);

export const LeaderboardQuery = Type.Object(
  {
    limit: Type.Optional(QueryInt('1 to 200, default 20')),
    offset: Type.Optional(QueryInt('Rows to skip')),
    around: Type.Optional({ ...Id, description: 'Centre the page on this player' }),
  },
  { additionalProperties: false },
);

export const Leaderboard = Type.Object(
  {
    track: Type.String(),
    scope: Type.Union([Type.Literal('all'), Type.Literal('friends')], {
      description: '`friends`: the board of the caller and the friends who let them see (a `friends` track)',
    }),
    rows: List(
      Type.Object({
        rank: Type.Integer(),
        playerId: Type.String(),
        display: Type.Number(),
        games: Type.Integer(),
      }),
    ),
    playerRank: Type.Optional(Type.Integer()),
  },
  {
    title: 'Leaderboard',
    description: 'Players still calibrating are not ranked (their rating is hidden until calibrated)',
    examples: [
      { track: 'quick/solo', scope: 'all', rows: [{ rank: 1, playerId: 'cai', display: 1540, games: 12 }] },
    ],
  },
);

/** POST /v1/tokens. */
export const TokenRequest = Type.Object(
  { playerId: Id, ttlSeconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 86_400 })) },
  { additionalProperties: false, examples: [{ playerId: 'ana' }] },
);

export const TokenReply = Type.Object({
  playerId: Type.String(),
  token: Type.String({ description: 'Use as `Authorization: Bearer <token>`' }),
  expiresAtSeconds: Type.Integer({ description: 'Epoch seconds' }),
});

const SeasonPolicy = Type.Object(
  {
    anchor: Finite({ description: 'The rating everyone moves towards' }),
    shape: Type.Union([
      Type.Object({ kind: Type.Literal('linear'), keep: Unit }, { additionalProperties: false }),
      Type.Object(
        { kind: Type.Literal('log'), scale: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }) },
        { additionalProperties: false },
      ),
    ]),
    deviationAfter: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
  },
  { additionalProperties: false },
);

/** POST /v1/admin/season-reset/preview and /apply. */
export const SeasonResetRequest = Type.Object(
  {
    track: Track,
    policy: Type.Optional({
      ...SeasonPolicy,
      description: "Missing: the track's policy's declared `seasonReset`",
    }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Preview: rows shown' })),
  },
  {
    additionalProperties: false,
    examples: [
      { track: 'quick/solo', policy: { anchor: 25, shape: { kind: 'linear', keep: 0.5 } }, limit: 10 },
    ],
  },
);

const ResetSide = Type.Object({ mean: Type.Number(), display: Type.Optional(Type.Number()) });

export const SeasonResetPreview = Type.Object({
  track: Type.String(),
  players: Type.Integer(),
  sample: List(Type.Object({ playerId: Type.String(), before: ResetSide, after: ResetSide })),
});

export const SeasonResetApplied = Type.Object({ track: Type.String(), players: Type.Integer() });

/** A friends list: PUT and GET /v1/players/{playerId}/friends. */
export const FriendsList = Type.Object(
  {
    friends: List(Id, {
      maxItems: 1000,
      description: "Players who may see this player's ratings on `friends` tracks (the list is one-way)",
    }),
  },
  { additionalProperties: false, title: 'FriendsList', examples: [{ friends: ['ben', 'cai'] }] },
);

/** POST /v1/admin/players/{playerId}/recalibrate. */
export const RecalibrateRequest = Type.Object(
  { track: Type.Optional(Track) },
  { additionalProperties: false, examples: [{}, { track: 'quick/solo' }] },
);

export const Recalibrated = Type.Object({ playerId: Type.String(), tracks: List(Type.String()) });
