/**
 * Player profiles, match history and leaderboards, as each track's policy lets the caller see them
 * (visibility.ts: public, self, friends, hidden; admins see everything). While a player calibrates
 * nobody but an admin sees their raw mean: the track shows nothing, or a provisional display value
 * when its policy says so. Others see that a track exists and how many games were played.
 */
import { ErrorCodes, experience, isCalibrating, MatchdError } from '@matchd/engine';
import type { Principal } from '../auth/principals.ts';
import { ladderPlace } from '../rating/ladder-keys.ts';
import type { RatingSystem } from '../rating/rating-system.ts';
import type { MatchOutcome, MatchRecord, RatingRecord, RatingSnapshot } from '../store/records.ts';
import type { ServiceContext } from './context.ts';
import { isAdmin, maySee, type Visibility, visibilityOf } from './visibility.ts';

/** One track of a profile. Rating fields are absent when the caller may not see them. */
export interface TrackView {
  readonly track: string;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly calibrating: boolean;
  readonly calibrationGamesLeft: number;
  /** Who may see the rating (the track's policy). */
  readonly visibility: Visibility;
  /** Not public: shown only to some callers. */
  readonly private: boolean;
  readonly visible: boolean;
  readonly display?: number;
  /** While calibrating, on a policy that shows one: the display value so far, not ranked. */
  readonly provisional?: number;
  readonly mean?: number;
  readonly deviation?: number;
  readonly rank?: number;
  /** On a track whose policy keeps Kreimeier's ladder: the player's place on it (1 = top). */
  readonly ladderPlace?: number;
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

async function trackView(
  context: ServiceContext,
  record: RatingRecord,
  principal: Principal,
): Promise<TrackView> {
  const system = context.systemOfTrack(record.track);
  const calibration = system.trackRecordOf(record).calibration;
  const visibility = visibilityOf(system, record.track);
  const visible = await maySee(context, principal, record.playerId, visibility);
  const calibrating = isCalibrating(calibration);
  const base = {
    track: record.track,
    games: record.games,
    wins: record.wins,
    losses: record.losses,
    draws: record.draws,
    calibrating,
    calibrationGamesLeft: calibration.gamesLeft,
    visibility,
    private: visibility !== 'public',
    visible,
    lastPlayedAtMs: record.lastPlayedAtMs,
  };
  if (!visible) return base;
  if (calibrating && !isAdmin(principal)) return { ...base, ...provisionalOf(system, record) };
  const rank =
    record.display === undefined ? undefined : await context.ratings.rankOf(record.track, record.playerId);
  // The ladder is a baseline beside the rating: its place is read from the whole track (one scan).
  const place =
    system.declaration.ladder === true
      ? ladderPlace(record, await context.ratings.trackRatings(record.track), (row) =>
          system.ladderKeyOf(row),
        )
      : undefined;
  return {
    ...base,
    ...(place === undefined ? {} : { ladderPlace: place }),
    mean: record.mean,
    deviation: record.deviation,
    ...(record.display === undefined ? {} : { display: record.display }),
    ...(rank === undefined ? {} : { rank }),
  };
}

/** The provisional display value of a calibrating rating, when the policy shows one. */
function provisionalOf(
  system: RatingSystem,
  estimate: { mean: number; deviation: number },
): { provisional?: number } {
  return system.calibrationShow === 'provisional' ? { provisional: system.displayOf(estimate) } : {};
}

/** The player's profile as `principal` may see it; a player with no games has an empty profile. */
export async function readProfile(
  context: ServiceContext,
  playerId: string,
  principal: Principal,
): Promise<ProfileView> {
  const records = await context.ratings.playerRatings(playerId);
  const tracks = await Promise.all(records.map((record) => trackView(context, record, principal)));
  const gamesPlayed = records.reduce((sum, record) => sum + record.games, 0);
  const waitingTicketId = await context.state.ticketOfPlayer(playerId);
  return {
    playerId,
    gamesPlayed,
    experience: experience(gamesPlayed),
    tracks,
    ...(waitingTicketId !== undefined &&
    (isAdmin(principal) || (principal.kind === 'player' && principal.playerId === playerId))
      ? { waitingTicketId }
      : {}),
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

/** A leaderboard row. */
export interface LeaderboardRowView {
  readonly rank: number;
  readonly playerId: string;
  readonly display: number;
  readonly games: number;
}

/**
 * A leaderboard page: the top N, or the page around a player. Public tracks: everyone's. `friends`
 * tracks: a player sees the board of themself and the friends who let them see (ranks among those);
 * `self` and `hidden` tracks, and `friends` tracks for game servers: admins only.
 */
export async function readLeaderboard(
  context: ServiceContext,
  track: string,
  options: { limit: number; offset?: number; aroundPlayerId?: string },
  principal: Principal,
): Promise<{ track: string; scope: 'all' | 'friends'; rows: LeaderboardRowView[]; playerRank?: number }> {
  const visibility = visibilityOf(context.systemOfTrack(track), track);
  if (visibility === 'friends' && principal.kind === 'player') {
    return friendsLeaderboard(context, track, options, principal.playerId);
  }
  if (visibility !== 'public' && !isAdmin(principal)) {
    throw new MatchdError(ErrorCodes.FORBIDDEN, `the ${track} leaderboard is not public (${visibility})`, {
      path: 'track',
      visibility,
    });
  }
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
    scope: 'all',
    rows: rows.map((row) => ({
      rank: row.rank,
      playerId: row.record.playerId,
      display: row.record.display as number,
      games: row.record.games,
    })),
    ...(playerRank === undefined ? {} : { playerRank }),
  };
}

/** The board of `viewer` and the friends whose ratings they may see (calibrating players left out). */
async function friendsLeaderboard(
  context: ServiceContext,
  track: string,
  options: { limit: number; offset?: number; aroundPlayerId?: string },
  viewer: string,
): Promise<{ track: string; scope: 'friends'; rows: LeaderboardRowView[]; playerRank?: number }> {
  const candidates = [viewer, ...(await context.friends.friendsOf(viewer)).filter((id) => id !== viewer)];
  const allowed = await Promise.all(
    candidates.map(async (playerId) =>
      playerId === viewer ? true : (await context.friends.friendsOf(playerId)).includes(viewer),
    ),
  );
  const records = await context.ratings.getRatings(
    candidates.filter((_, index) => allowed[index]).map((playerId) => ({ playerId, track })),
  );
  const ranked = records
    .filter((record) => record.display !== undefined)
    .sort(
      (a, b) =>
        (b.display as number) - (a.display as number) ||
        (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0),
    )
    .map((record, index) => ({
      rank: index + 1,
      playerId: record.playerId,
      display: record.display as number,
      games: record.games,
    }));
  const around = options.aroundPlayerId;
  const playerRank = around === undefined ? undefined : ranked.find((row) => row.playerId === around)?.rank;
  const offset =
    playerRank === undefined
      ? (options.offset ?? 0)
      : Math.max(0, playerRank - 1 - Math.floor(options.limit / 2));
  return {
    track,
    scope: 'friends',
    rows: ranked.slice(offset, offset + options.limit),
    ...(playerRank === undefined ? {} : { playerRank }),
  };
}

/** A rating as a caller may see it: no raw mean while calibrating (but for admins). */
export interface SnapshotView {
  readonly mean?: number;
  readonly deviation?: number;
  readonly display?: number;
  readonly provisional?: number;
}

/** A rating change as a caller may see it: the values are left out where the policy hides them. */
export type ChangeView =
  | {
      readonly playerId: string;
      readonly track: string;
      readonly before: SnapshotView;
      readonly after: SnapshotView;
    }
  | { readonly playerId: string; readonly track: string; readonly hidden: true };

function snapshotFor(system: RatingSystem, snapshot: RatingSnapshot, principal: Principal): SnapshotView {
  // Only a calibrating snapshot lacks a display value (RatingSystem.snapshotOf).
  if (snapshot.display !== undefined || isAdmin(principal)) return snapshot;
  return provisionalOf(system, snapshot);
}

/** An outcome with each change as `principal` may see it (the track's policy, as on profiles). */
export async function outcomeFor(
  context: ServiceContext,
  outcome: MatchOutcome,
  principal: Principal,
): Promise<Omit<MatchOutcome, 'changes'> & { changes: ChangeView[] }> {
  const changes = await Promise.all(
    outcome.changes.map(async (change): Promise<ChangeView> => {
      const system = context.systemOfTrack(change.track);
      const visible = await maySee(context, principal, change.playerId, visibilityOf(system, change.track));
      if (!visible) return { playerId: change.playerId, track: change.track, hidden: true as const };
      return {
        playerId: change.playerId,
        track: change.track,
        before: snapshotFor(system, change.before, principal),
        after: snapshotFor(system, change.after, principal),
      };
    }),
  );
  return { ...outcome, changes };
}

/** A match with its outcome as `principal` may see it. */
export async function matchFor(
  context: ServiceContext,
  match: MatchRecord,
  principal: Principal,
): Promise<Omit<MatchRecord, 'outcome'> & { outcome?: Awaited<ReturnType<typeof outcomeFor>> }> {
  const { outcome, ...rest } = match;
  return outcome === undefined ? rest : { ...rest, outcome: await outcomeFor(context, outcome, principal) };
}
