/**
 * The dashboard's reads: each queue's live picture (waiting now and over time, matches per minute,
 * wait p50/p90, a histogram of recent match quality, why tickets wait), the recent matches with
 * their per-criterion explanation, and the distribution of ratings per track on its display scale.
 */
import { type CriterionExplanation, isNamedTeams, lowestFloor, type WaitExplanation } from '@matchd/engine';
import type { QueueActivity } from './activity.ts';
import type { ServiceContext } from './context.ts';
import { listQueues } from './queues.ts';

/** Equal-width bins over [min, max]. */
export interface Histogram {
  readonly min: number;
  readonly max: number;
  readonly counts: readonly number[];
}

/** Counts `values` into `bins` equal bins over [min, max] (values outside are clamped in). */
export function histogram(values: readonly number[], bins: number, min: number, max: number): Histogram {
  const counts = new Array<number>(bins).fill(0);
  const width = (max - min) / bins;
  for (const value of values) {
    const index = width > 0 ? Math.floor((value - min) / width) : 0;
    const bin = Math.min(bins - 1, Math.max(0, index));
    counts[bin] = (counts[bin] ?? 0) + 1;
  }
  return { min, max, counts };
}

/** One queue as the dashboard shows it. */
export interface QueueInsight {
  readonly queueId: string;
  readonly name?: string;
  readonly mode: string;
  readonly teams: string;
  readonly ticketsWaiting: number;
  readonly playersWaiting: number;
  readonly matchesFormed: number;
  readonly waitP50Ms?: number;
  readonly waitP90Ms?: number;
  readonly recentQualityMean?: number;
  readonly matchesPerMinute: readonly { atMs: number; matches: number }[];
  readonly waiting: readonly { atMs: number; tickets: number; players: number }[];
  readonly quality: Histogram;
  /** Why a sample of the waiting tickets has not matched yet, grouped by reason, with one full sentence. */
  readonly waitReasons: readonly { summary: string; tickets: number; example: string }[];
}

const reasonSampleSize = 12;

/**
 * A ticket's reason to wait, in words shared by tickets held back the same way (the matchmaker's
 * own summary names tickets and scores, which differ from one ticket to the next).
 */
export function waitReason(explanation: WaitExplanation): string {
  const best = explanation.bestCandidate;
  if (best === undefined) return explanation.summary;
  const below = best.belowThreshold.map((criterion) => criterion.criterion);
  const heldBy = below.length === 0 ? 'its overall quality' : below.join(', ');
  const refused = best.rejectedBy.length === 0 ? '' : ', refused by tickets with stricter thresholds';
  return `best candidate below the threshold, held back by ${heldBy}${refused}`;
}

/** A team dimension as text: `5`, or `3-5` for a range. */
function dimension(value: unknown): string {
  if (typeof value === 'number') return String(value);
  const range = value as { min?: unknown; max?: unknown };
  return `${String(range.min)}-${String(range.max)}`;
}

/** Every queue's live picture. */
export async function queueInsights(
  context: ServiceContext,
  activity: QueueActivity,
  minutes: number,
): Promise<QueueInsight[]> {
  const nowMs = context.now();
  const views = await listQueues(context);
  return Promise.all(
    views.map(async (view): Promise<QueueInsight> => {
      const qualities = activity.recentMatches(500, view.queueId).map((match) => match.summary.quality);
      const reasons = new Map<string, { tickets: number; example: string }>();
      const statuses = await Promise.all(
        activity
          .liveTickets(view.queueId, reasonSampleSize)
          .map((ticketId) => context.host.status(view.queueId, ticketId, nowMs).catch(() => undefined)),
      );
      for (const status of statuses) {
        const explanation = status?.explanation;
        if (explanation === undefined) continue;
        const reason = waitReason(explanation);
        const seen = reasons.get(reason);
        reasons.set(reason, {
          tickets: (seen?.tickets ?? 0) + 1,
          example: seen?.example ?? explanation.summary,
        });
      }
      const { teams, mode } = view.config;
      return {
        queueId: view.queueId,
        ...(view.config.name === undefined ? {} : { name: view.config.name }),
        mode: mode.kind,
        teams: isNamedTeams(teams)
          ? teams
              .map(
                (team) =>
                  `${team.name} ${dimension({ min: lowestFloor(team.minPlayers), max: team.maxPlayers })}`,
              )
              .join(' vs ')
          : `${dimension(teams.count)}×${dimension(teams.size)}`,
        ticketsWaiting: view.ticketsWaiting,
        playersWaiting: view.playersWaiting,
        matchesFormed: view.matchesFormed,
        ...(view.waitP50Ms === undefined ? {} : { waitP50Ms: view.waitP50Ms }),
        ...(view.waitP90Ms === undefined ? {} : { waitP90Ms: view.waitP90Ms }),
        ...(view.recentQualityMean === undefined ? {} : { recentQualityMean: view.recentQualityMean }),
        matchesPerMinute: activity.matchesPerMinute(view.queueId, nowMs, minutes),
        waiting: activity.waitingSeries(view.queueId),
        quality: histogram(qualities, 10, 0, 1),
        waitReasons: [...reasons]
          .map(([summary, { tickets, example }]) => ({ summary, tickets, example }))
          .sort((a, b) => b.tickets - a.tickets),
      };
    }),
  );
}

/** A recent match as the dashboard shows it. */
export interface RecentMatch {
  /** The service's match id (as in GET /v1/matches/{matchId}), once the match is recorded. */
  readonly matchId?: string;
  readonly queueId: string;
  readonly atMs: number;
  readonly teams: readonly { playerIds: readonly string[]; ticketIds: readonly string[] }[];
  readonly region?: string;
  readonly quality: number;
  readonly forced: boolean;
  readonly winProbabilities: readonly number[];
  readonly criteria: readonly CriterionExplanation[];
  readonly waitMsByTicket: Readonly<Record<string, number>>;
}

/** The most recent matches, newest first, with the service's match id read from the fleet state. */
export async function recentMatches(
  context: ServiceContext,
  activity: QueueActivity,
  options: { limit: number; queueId?: string },
): Promise<RecentMatch[]> {
  return Promise.all(
    activity.recentMatches(options.limit, options.queueId).map(async (match) => {
      const firstTicket = match.summary.teams[0]?.ticketIds[0];
      const record =
        firstTicket === undefined ? undefined : await context.state.getTicket(firstTicket, [match.queueId]);
      const matchId = record?.matchId;
      return {
        ...(matchId === undefined ? {} : { matchId }),
        queueId: match.queueId,
        atMs: match.atMs,
        teams: match.summary.teams.map((team) => ({ playerIds: team.playerIds, ticketIds: team.ticketIds })),
        ...(match.summary.region === undefined ? {} : { region: match.summary.region }),
        quality: match.summary.quality,
        forced: match.summary.forced,
        winProbabilities: match.summary.winProbabilities,
        criteria: match.summary.criteria,
        waitMsByTicket: match.waitMsByTicket,
      };
    }),
  );
}

/** The distribution of one track's shown ratings. */
export interface TrackDistribution {
  readonly track: string;
  readonly players: number;
  readonly calibrating: number;
  readonly rated: number;
  readonly display: Histogram;
}

/** Each track's ratings on its display scale (calibrating players counted, not binned). */
export async function ratingDistributions(
  context: ServiceContext,
  bins: number,
): Promise<TrackDistribution[]> {
  const tracks = (await context.ratings.tracks()).sort();
  return Promise.all(
    tracks.map(async (track) => {
      const records = await context.ratings.trackRatings(track);
      const shown = records.flatMap((record) => (record.display === undefined ? [] : [record.display]));
      const min = shown.length === 0 ? 0 : Math.min(...shown);
      const max = shown.length === 0 ? 1 : Math.max(...shown);
      return {
        track,
        players: records.length,
        calibrating: records.length - shown.length,
        rated: shown.length,
        display: histogram(shown, bins, Math.floor(min), Math.ceil(max === min ? max + 1 : max)),
      };
    }),
  );
}
