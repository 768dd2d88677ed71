/**
 * A reported result, turned into every player's new rating: each seat's stored row becomes the
 * engine's track record, the rating policy (calibration, the model's update) runs on the whole
 * match at once, and each record goes back to its own track (a party player's party track, a solo
 * player's solo track: Dota's separate MMRs). Runs inside the store's transaction.
 */
import {
  ErrorCodes,
  MatchdError,
  rateTrackedMatch,
  type TrackRecord,
  validatePerformance,
} from '@matchd/engine';
import type { MatchOutcome, MatchRecord, MatchSeat, RatingRecord, ReportedResult } from '../store/records.ts';
import { ladderKeysAfter } from './ladder-keys.ts';
import type { RatingSystem } from './rating-system.ts';

function refuse(path: string, message: string): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_RESULT, `${path}: ${message}`, { path });
}

/** Per team, the seats of the players in the match at its end: a result's lists index these. */
export function playingTeams(match: MatchRecord): MatchSeat[][] {
  return match.teams.map((team) => team.filter((seat) => seat.left !== true));
}

/**
 * Throws MM_ERR_INVALID_RESULT (naming the field) unless `result` fits the match's playing teams and the
 * track's policy (individual performance: required, and within the declared range).
 */
export function validateReport(match: MatchRecord, result: ReportedResult, system: RatingSystem): void {
  const teams = playingTeams(match);
  const teamCount = teams.length;
  if (result.ranks.length !== teamCount) throw refuse('ranks', `needs one rank per team (${teamCount})`);
  result.ranks.forEach((rank, team) => {
    if (!Number.isInteger(rank) || rank < 1 || rank > teamCount) {
      throw refuse(`ranks.${team}`, `must be an integer in [1, ${teamCount}]`);
    }
  });
  if (result.scores !== undefined) {
    if (result.scores.length !== teamCount) throw refuse('scores', `needs one score per team (${teamCount})`);
    result.scores.forEach((score, team) => {
      if (!Number.isFinite(score)) throw refuse(`scores.${team}`, 'must be a finite number');
    });
  }
  if (
    result.homeTeam !== undefined &&
    !(Number.isInteger(result.homeTeam) && result.homeTeam >= 0 && result.homeTeam < teamCount)
  ) {
    throw refuse('homeTeam', `must be a team index in [0, ${teamCount - 1}]`);
  }
  if (result.neutral !== undefined && typeof result.neutral !== 'boolean')
    throw refuse('neutral', 'must be a boolean');
  if (result.season !== undefined && !(typeof result.season === 'string' && result.season.length > 0)) {
    throw refuse('season', 'must be a non-empty string');
  }
  const declared = system.performance;
  if (result.performance !== undefined) {
    validatePerformance(
      result.performance,
      teams.map((team) => team.length),
    );
    result.performance.forEach((team, t) => {
      team.forEach((value, p) => {
        if (
          (declared?.min !== undefined && value < declared.min) ||
          (declared?.max !== undefined && value > declared.max)
        ) {
          throw refuse(
            `performance.${t}.${p}`,
            `must be in [${declared?.min ?? '-inf'}, ${declared?.max ?? 'inf'}] (the track's policy)`,
          );
        }
      });
    });
  } else if (declared?.required === true) {
    throw refuse('performance', "the track's policy needs each player's performance");
  }
  if (result.participation !== undefined) {
    if (result.participation.length !== teamCount)
      throw refuse('participation', `needs one list per team (${teamCount})`);
    result.participation.forEach((shares, team) => {
      const size = teams[team]?.length ?? 0;
      if (shares.length !== size)
        throw refuse(`participation.${team}`, `needs one share per player (${size})`);
      shares.forEach((share, player) => {
        if (!(Number.isFinite(share) && share >= 0 && share <= 1)) {
          throw refuse(`participation.${team}.${player}`, 'must be a number in [0, 1]');
        }
      });
    });
  }
}

/** How one team did: a sole first place wins, a shared first place draws, anything else loses. */
function verdicts(ranks: readonly number[]): ('win' | 'draw' | 'loss')[] {
  const best = Math.min(...ranks);
  const firsts = ranks.filter((rank) => rank === best).length;
  return ranks.map((rank) => (rank !== best ? 'loss' : firsts === 1 ? 'win' : 'draw'));
}

/** The input of `computeRatingUpdate`. */
export interface RatingUpdateInput {
  readonly system: RatingSystem;
  readonly match: MatchRecord;
  /** The stored rows, one per seat in seat order; undefined for a first game on the track. */
  readonly current: readonly (RatingRecord | undefined)[];
  readonly result: ReportedResult;
  readonly nowMs: number;
  /** How seats marked `left` are rated (the queue's `backfill.leavers`); default `unrated`. */
  readonly leavers?: 'unrated' | 'loss';
}

interface RatedSeat {
  readonly seat: MatchSeat;
  readonly stored: RatingRecord | undefined;
  readonly record: TrackRecord<unknown>;
}

/**
 * New rows for every rated seat and the outcome to store with the match. The players in the match
 * at its end are rated by the report; a player who left is rated, under `leavers: 'loss'`, by a
 * second pass on the same ratings in which their team (its players at the end and its leavers)
 * ranks below every other team, so a leaver loses to every opponent and the others' updates do not
 * gain from it. Throws before computing on bad input.
 */
export function computeRatingUpdate(input: RatingUpdateInput): {
  next: RatingRecord[];
  outcome: MatchOutcome;
} {
  const { system, match, current, result, nowMs } = input;
  validateReport(match, result, system);
  let seatIndex = 0;
  const all = match.teams.map((team) =>
    team.map((seat): RatedSeat => {
      const stored = current[seatIndex];
      seatIndex += 1;
      return { seat, stored, record: system.trackRecordOf(stored) };
    }),
  );
  const playing = all.map((team) => team.filter(({ seat }) => seat.left !== true));
  const next: RatingRecord[] = [];
  const changes: MatchOutcome['changes'][number][] = [];
  collect(
    system,
    playing,
    ratePass(system, playing, result, nowMs),
    verdicts(result.ranks),
    nowMs,
    next,
    changes,
  );
  if (input.leavers === 'loss') {
    const last = playing.length + 1;
    all.forEach((team, t) => {
      const gone = team.filter(({ seat }) => seat.left === true);
      if (gone.length === 0) return;
      const teams = playing.map((others, o) => (o === t ? [...others, ...gone] : others));
      const ranks = result.ranks.map((rank, o) => (o === t ? last : rank));
      // The leavers' pass: the match's terms (home, season), but not the per-player lists of the
      // report, which index the players at the end.
      const passResult: ReportedResult = {
        ranks,
        ...(result.homeTeam === undefined ? {} : { homeTeam: result.homeTeam }),
        ...(result.neutral === undefined ? {} : { neutral: result.neutral }),
        ...(result.season === undefined ? {} : { season: result.season }),
      };
      const pass = ratePass(system, teams, passResult, nowMs);
      const firstLeaver = (teams[t]?.length ?? 0) - gone.length;
      collect(
        system,
        teams,
        pass,
        verdicts(ranks),
        nowMs,
        next,
        changes,
        (o, p) => o === t && p >= firstLeaver,
      );
    });
  }
  return { next, outcome: { reportedAtMs: nowMs, result, changes } };
}

/** The rating policy run on these teams with this report: new track records, team by team. */
function ratePass(
  system: RatingSystem,
  teams: readonly (readonly RatedSeat[])[],
  result: ReportedResult,
  nowMs: number,
): RatingPass {
  const records = rateTrackedMatch({
    model: system.model,
    access: system.access,
    policy: system.policy,
    teams: teams.map((team) => team.map((entry) => entry.record)),
    ...(result.participation === undefined ? {} : { weights: result.participation }),
    result: {
      ranks: result.ranks,
      ...(result.scores === undefined ? {} : { scores: result.scores }),
      ...(result.homeTeam === undefined ? {} : { homeTeam: result.homeTeam }),
      ...(result.neutral === undefined ? {} : { neutral: result.neutral }),
    },
    nowMs,
    ...(result.season === undefined ? {} : { season: result.season }),
    ...(result.performance === undefined ? {} : { performance: result.performance }),
  });
  const ladderKeys =
    system.declaration.ladder === true
      ? ladderKeysAfter(
          teams.map((team) => team.map(({ stored }) => system.ladderKeyOf(stored))),
          result.ranks,
          nowMs,
        )
      : undefined;
  return { records, ladderKeys };
}

/** One run of the rating policy: new track records and ladder keys, team by team, seat by seat. */
interface RatingPass {
  readonly records: readonly (readonly TrackRecord<unknown>[])[];
  readonly ladderKeys: ReturnType<typeof ladderKeysAfter> | undefined;
}

/** Appends the new row and change of each seat of `teams` (those `keep` names) from `pass`. */
function collect(
  system: RatingSystem,
  teams: readonly (readonly RatedSeat[])[],
  pass: RatingPass,
  verdictOf: readonly ('win' | 'draw' | 'loss')[],
  nowMs: number,
  next: RatingRecord[],
  changes: MatchOutcome['changes'][number][],
  keep: (team: number, seat: number) => boolean = () => true,
): void {
  const { records, ladderKeys } = pass;
  teams.forEach((team, t) => {
    const verdict = verdictOf[t];
    team.forEach(({ seat, stored, record }, p) => {
      if (!keep(t, p)) return;
      const after = records[t]?.[p] as TrackRecord<unknown>;
      const before = system.snapshotOf(record);
      const snapshot = system.snapshotOf(after);
      next.push({
        playerId: seat.playerId,
        track: seat.track,
        state: system.stateOf(after, ladderKeys?.[t]?.[p]),
        mean: snapshot.mean,
        deviation: snapshot.deviation,
        ...(snapshot.display === undefined ? {} : { display: snapshot.display }),
        games: after.gamesPlayed,
        wins: (stored?.wins ?? 0) + (verdict === 'win' ? 1 : 0),
        losses: (stored?.losses ?? 0) + (verdict === 'loss' ? 1 : 0),
        draws: (stored?.draws ?? 0) + (verdict === 'draw' ? 1 : 0),
        lastPlayedAtMs: nowMs,
        updatedAtMs: nowMs,
      });
      changes.push({ playerId: seat.playerId, track: seat.track, before, after: snapshot });
    });
  });
}
