/**
 * Queues with their live numbers, the dashboard's insight reads, and the system routes' answers.
 */
import { Type } from 'typebox';
import { DurationMs, EpochMs, List, QueryInt } from './schema-common.ts';
import { QueueConfigSchema } from './schema-queue-config.ts';
import { CriterionExplanation, MatchTeamView } from './schema-tickets.ts';

/** A queue, its config and live stats. */
export const QueueView = Type.Object(
  {
    queueId: Type.String(),
    config: QueueConfigSchema,
    ticketsWaiting: Type.Integer(),
    playersWaiting: Type.Integer(),
    matchesFormed: Type.Integer({ description: 'Since the process started' }),
    waitP50Ms: Type.Optional(DurationMs),
    waitP90Ms: Type.Optional(DurationMs),
    recentQualityMean: Type.Optional(Type.Number()),
  },
  { title: 'QueueView' },
);

export const QueueList = Type.Object({ queues: List(QueueView) });

const Histogram = Type.Object(
  {
    min: Type.Number(),
    max: Type.Number(),
    counts: List(Type.Integer(), { description: 'Equal-width bins from min to max' }),
  },
  { title: 'Histogram' },
);

export const QueueInsights = Type.Object({
  atMs: EpochMs,
  queues: List(
    Type.Object({
      queueId: Type.String(),
      name: Type.Optional(Type.String()),
      mode: Type.String(),
      teams: Type.String({ examples: ['2×5'] }),
      ticketsWaiting: Type.Integer(),
      playersWaiting: Type.Integer(),
      matchesFormed: Type.Integer(),
      waitP50Ms: Type.Optional(DurationMs),
      waitP90Ms: Type.Optional(DurationMs),
      recentQualityMean: Type.Optional(Type.Number()),
      matchesPerMinute: List(Type.Object({ atMs: EpochMs, matches: Type.Integer() })),
      waiting: List(Type.Object({ atMs: EpochMs, tickets: Type.Integer(), players: Type.Integer() })),
      quality: Histogram,
      waitReasons: List(
        Type.Object({ summary: Type.String(), tickets: Type.Integer(), example: Type.String() }),
        {
          description: 'Why a sample of the waiting tickets has not matched yet',
        },
      ),
    }),
  ),
});

export const InsightsQuery = Type.Object(
  { minutes: Type.Optional(QueryInt('Minutes of matches-per-minute history, 1 to 60 (default 30)')) },
  { additionalProperties: false },
);

export const RecentMatchesQuery = Type.Object(
  {
    limit: Type.Optional(QueryInt('1 to 200, default 20')),
    queueId: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);

export const RecentMatches = Type.Object({
  matches: List(
    Type.Object({
      matchId: Type.Optional(Type.String()),
      queueId: Type.String(),
      atMs: EpochMs,
      teams: List(MatchTeamView),
      region: Type.Optional(Type.String()),
      quality: Type.Number(),
      forced: Type.Boolean({ description: 'A ticket past its maximum wait forced the match' }),
      winProbabilities: List(Type.Number()),
      criteria: List(CriterionExplanation),
      waitMsByTicket: Type.Record(Type.String(), Type.Number(), {
        description:
          'Each ticket’s wait when the match formed: the instant its quality was judged (before any acceptance step), as its wait-time criterion reads it',
      }),
    }),
  ),
});

export const RatingDistributions = Type.Object({
  tracks: List(
    Type.Object({
      track: Type.String(),
      players: Type.Integer(),
      calibrating: Type.Integer({ description: 'Hidden until calibrated: not binned, not on leaderboards' }),
      rated: Type.Integer(),
      display: Histogram,
    }),
  ),
});

export const Experiments = Type.Object({
  plots: List(
    Type.Object({
      experiment: Type.String(),
      name: Type.String(),
      url: Type.String({ description: 'Path of the SVG on this server' }),
    }),
  ),
});

export const Health = Type.Object({
  status: Type.Literal('ok'),
  ratingsBackend: Type.String(),
  poolBackend: Type.String({ description: 'Where the waiting tickets live: memory or redis' }),
  queues: Type.Integer(),
});

/** GET /readyz when ready (503 MM_ERR_UNAVAILABLE naming each failed check otherwise). */
export const Readiness = Type.Object({
  status: Type.Literal('ready'),
  ownedQueues: List(Type.String(), { description: 'The queues whose matchmaker runs on this node' }),
});
