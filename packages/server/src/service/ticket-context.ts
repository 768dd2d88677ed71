/**
 * What the service adds to a ticket from its own records, never from the client, for the criteria
 * and gates that read it: each player's recent outcomes and matches (engagement), whom they met last
 * (opponent variation), their games on the track a gate counts (Dota's ranked unlock), and the
 * party bonus of a queue that asks for party-adjusted ratings. Each is read only when the queue
 * needs it, so a plain queue costs no extra reads.
 */
import {
  type LastMatchMemory,
  partyAdjustedRatings,
  type QueueConfig,
  queueUsesEngagement,
  type RecentMatch,
} from '@matchd/engine';
import { onTrack } from '../models/stored-history.ts';
import type { ServiceContext } from './context.ts';
import {
  CHURN_MODEL_MATCHES_READ,
  lastMatchOf,
  outcomesOf,
  RECENT_MATCHES_READ,
  readRecentHistory,
  recentMatchesOf,
} from './recent-outcomes.ts';

/** A player's fields from the stored history. */
export interface HistoryFields {
  readonly recentOutcomes?: readonly ('W' | 'L' | 'D')[];
  readonly recentMatches?: readonly RecentMatch[];
  readonly lastMatch?: LastMatchMemory;
}

/** The history fields the queue's criteria read, per player (one history read per player at most). */
export async function historyFields(
  context: ServiceContext,
  config: QueueConfig,
  players: readonly { readonly playerId: string; readonly recentOutcomes?: readonly unknown[] }[],
): Promise<Map<string, HistoryFields>> {
  const engagement = queueUsesEngagement(config);
  const churnModel = engagement && config.engagement?.churnModel !== undefined;
  const lastMatch = config.criteria.some((criterion) => criterion.kind === 'opponent-variation');
  const out = new Map<string, HistoryFields>();
  await Promise.all(
    players.map(async (player) => {
      const outcomes = engagement && player.recentOutcomes === undefined;
      const limit = churnModel
        ? CHURN_MODEL_MATCHES_READ
        : outcomes
          ? RECENT_MATCHES_READ
          : lastMatch
            ? 1
            : 0;
      if (limit === 0) return;
      const newestFirst = await readRecentHistory(context.ratings, player.playerId, limit);
      const last = lastMatch ? lastMatchOf(newestFirst, player.playerId) : undefined;
      out.set(player.playerId, {
        ...(outcomes ? { recentOutcomes: outcomesOf(newestFirst, player.playerId) } : {}),
        ...(churnModel ? { recentMatches: recentMatchesOf(newestFirst, player.playerId) } : {}),
        ...(last === undefined ? {} : { lastMatch: last }),
      });
    }),
  );
  return out;
}

/**
 * Games on the track the queue's gate counts (`gates.gamesTrack`: a name covers its solo and party
 * tracks), per player, keyed by that track as the engine's gate reads it; empty when no gate asks.
 */
export async function gatedGamesOf(
  context: ServiceContext,
  config: QueueConfig,
  playerIds: readonly string[],
): Promise<Map<string, Record<string, number>>> {
  const gamesTrack = config.gates?.gamesTrack;
  const out = new Map<string, Record<string, number>>();
  if (gamesTrack === undefined) return out;
  await Promise.all(
    playerIds.map(async (playerId) => {
      let games = 0;
      for (const record of await context.ratings.playerRatings(playerId))
        if (onTrack(record.track, gamesTrack)) games += record.games;
      out.set(playerId, { [gamesTrack]: games });
    }),
  );
  return out;
}

/**
 * The ratings a party enters the queue with: each member's rating raised by the fitted party bonus
 * (Dota's party-adjusted MMR) when the queue names a model; unchanged otherwise and for solo players.
 * Only matching sees the adjusted ratings: results are rated on the stored ones.
 */
export function partyAdjusted(
  context: ServiceContext,
  config: QueueConfig,
  ratings: readonly unknown[],
): unknown[] {
  const name = config.rating.partyAdjustment;
  if (name === undefined || ratings.length < 2) return [...ratings];
  const model = context.models.require(name, 'party-bonus', 'rating.partyAdjustment');
  const { access } = context.systemOfQueue(config);
  const estimates = ratings.map((rating) => access.estimate(rating));
  const adjusted = partyAdjustedRatings(
    estimates.map((estimate) => ({ rating: estimate.mean, partyId: 'ticket' })),
    model.coefficients,
  );
  return ratings.map((rating, index) =>
    access.withEstimate(rating, {
      mean: adjusted[index] as number,
      deviation: (estimates[index] as { deviation: number }).deviation,
    }),
  );
}
