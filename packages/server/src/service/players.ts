/**
 * Player profiles, match history and leaderboards. Dota's rule holds: a rating on a private track
 * (by default every `ranked...` track) is shown only to the player and to admins; others see that
 * the track exists and how many games were played, but not the rating.
 */
import { experience, isCalibrating } from '@matchd/engine';
import type { Principal } from '../auth/principals.ts';
import type { MatchOutcome, MatchRecord, RatingRecord } from '../store/records.ts';
import type { ServiceContext } from './context.ts';

/** One track of a profile. Rating fields are absent when the caller may not see them. */
export interface TrackView {
  readonly track: string;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly calibrating: boolean;
  readonly calibrationGamesLeft: number;
  readonly private: boolean;
  readonly visible: boolean;
  readonly display?: number;
  readonly mean?: number;
  readonly deviation?: number;
  readonly rank?: number;
  readonly lastPlayedAtMs: number;
}

/** A player's profile. */
export interface ProfileView {
  readonly playerId: string;
  readonly gamesPlayed: number;
  /** Dota's experience: log of games played, over every track. */
  readonly experience: number;
  readonly tracks: readonly TrackView[];
  /** The ticket the player waits on, if any. */
  readonly waitingTicketId?: string;
}

/** True for tracks whose ratings only the player and admins may see. */
export function isPrivateTrack(track: string): boolean {
  return track.startsWith('ranked');
}

/** True when `principal` may see `playerId`'s ratings on a private track. */
export function maySeePrivate(principal: Principal, playerId: string): boolean {
  return principal.kind === 'key' ? principal.role === 'admin' : principal.playerId === playerId;
}

async function trackView(
  context: ServiceContext,
  record: RatingRecord,
  visible: boolean,
): Promise<TrackView> {
  const calibration = context.system.trackRecordOf(record).calibration;
  const base = {
    track: record.track,
    games: record.games,
    wins: record.wins,
    losses: record.losses,
    draws: record.draws,
    calibrating: isCalibrating(calibration),
    calibrationGamesLeft: calibration.gamesLeft,
    private: isPrivateTrack(record.track),
    visible,
    lastPlayedAtMs: record.lastPlayedAtMs,
  };
  if (!visible) return base;
  const rank =
    record.display === undefined ? undefined : await context.ratings.rankOf(record.track, record.playerId);
  return {
    ...base,
    mean: record.mean,
    deviation: record.deviation,
    ...(record.display === undefined ? {} : { display: record.display }),
    ...(rank === undefined ? {} : { rank }),
  };
}

/** The player's profile as `principal` may see it; a player with no games has an empty profile. */
export async function readProfile(
  context: ServiceContext,
  playerId: string,
  principal: Principal,
): Promise<ProfileView> {
  const records = await context.ratings.playerRatings(playerId);
  const tracks = await Promise.all(
    records.map((record) =>
      trackView(context, record, !isPrivateTrack(record.track) || maySeePrivate(principal, playerId)),
    ),
  );
  const gamesPlayed = records.reduce((sum, record) => sum + record.games, 0);
  const waitingTicketId = await context.state.ticketOfPlayer(playerId);
  return {
    playerId,
    gamesPlayed,
    experience: experience(gamesPlayed),
    tracks,
    ...(waitingTicketId !== undefined && maySeePrivate(principal, playerId) ? { waitingTicketId } : {}),
  };
}

/** The player's matches, newest first. */
export async function readHistory(
  context: ServiceContext,
  playerId: string,
  options: { limit: number; beforeMs?: number },
): Promise<MatchRecord[]> {
  return context.ratings.history(playerId, options);
}

/** A leaderboard page: the top N, or the page around a player. */
export async function readLeaderboard(
  context: ServiceContext,
  track: string,
  options: { limit: number; offset?: number; aroundPlayerId?: string },
): Promise<{
  track: string;
  rows: { rank: number; playerId: string; display: number; games: number }[];
  playerRank?: number;
}> {
  let offset = options.offset ?? 0;
  let playerRank: number | undefined;
  if (options.aroundPlayerId !== undefined) {
    playerRank = await context.ratings.rankOf(track, options.aroundPlayerId);
    // Centre the page on the player (or show the top when they are unranked).
    if (playerRank !== undefined) offset = Math.max(0, playerRank - 1 - Math.floor(options.limit / 2));
  }
  const rows = await context.ratings.leaderboard(track, { offset, limit: options.limit });
  return {
    track,
    rows: rows.map((row) => ({
      rank: row.rank,
      playerId: row.record.playerId,
      display: row.record.display as number,
      games: row.record.games,
    })),
    ...(playerRank === undefined ? {} : { playerRank }),
  };
}

/** A rating change as a caller may see it: the values are left out on private tracks of others. */
export type ChangeView =
  | MatchOutcome['changes'][number]
  | { readonly playerId: string; readonly track: string; readonly hidden: true };

/** An outcome with the changes `principal` may not see hidden (Dota's rule, as on profiles). */
export function outcomeFor(
  outcome: MatchOutcome,
  principal: Principal,
): Omit<MatchOutcome, 'changes'> & { changes: ChangeView[] } {
  return {
    ...outcome,
    changes: outcome.changes.map((change) =>
      isPrivateTrack(change.track) && !maySeePrivate(principal, change.playerId)
        ? { playerId: change.playerId, track: change.track, hidden: true as const }
        : change,
    ),
  };
}

/** A match with its outcome as `principal` may see it. */
export function matchFor(
  match: MatchRecord,
  principal: Principal,
): Omit<MatchRecord, 'outcome'> & { outcome?: ReturnType<typeof outcomeFor> } {
  const { outcome, ...rest } = match;
  return outcome === undefined ? rest : { ...rest, outcome: outcomeFor(outcome, principal) };
}
