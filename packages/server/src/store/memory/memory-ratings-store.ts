/**
 * Ratings, history and configs in process memory: the reference adapter for the contract suite and
 * a store for tests and throwaway runs. Nothing survives a restart. Single-threaded JavaScript makes
 * each method atomic; `reportResult` validates and computes before it writes anything.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { LeaderboardRow, RatingsStore, ReportInput } from '../ratings-store.ts';
import { sameReport } from '../ratings-store.ts';
import type { MatchOutcome, MatchRecord, ModelRecord, QueueConfigRecord, RatingRecord } from '../records.ts';

const keyOf = (playerId: string, track: string): string => `${track}\u0000${playerId}`;

/**
 * Leaderboard order: display rating descending, then player id, so ranks are total and stable.
 * Hidden (calibrating) ratings sort last; leaderboards leave them out.
 */
export function compareForLeaderboard(a: RatingRecord, b: RatingRecord): number {
  const left = a.display ?? Number.NEGATIVE_INFINITY;
  const right = b.display ?? Number.NEGATIVE_INFINITY;
  if (left !== right) return right - left;
  return a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0;
}

/** A RatingsStore in memory. */
export function createMemoryRatingsStore(): RatingsStore {
  const ratings = new Map<string, RatingRecord>();
  const matches = new Map<string, MatchRecord>();
  const matchesByPlayer = new Map<string, string[]>();
  const configs = new Map<string, QueueConfigRecord>();
  /** Every version of each model, oldest first. */
  const models = new Map<string, ModelRecord[]>();
  const friends = new Map<string, Set<string>>();
  const sortedTrack = (track: string): RatingRecord[] =>
    [...ratings.values()].filter((record) => record.track === track).sort(compareForLeaderboard);
  // By track, as the SQL store orders them.
  const playerRecords = (playerId: string): RatingRecord[] =>
    [...ratings.values()]
      .filter((record) => record.playerId === playerId)
      .sort((a, b) => (a.track < b.track ? -1 : a.track > b.track ? 1 : 0));
  const ranked = (track: string): RatingRecord[] =>
    sortedTrack(track).filter((record) => record.display !== undefined);
  return {
    backend: 'memory',
    async migrate() {},
    async ping() {},
    async getRatings(keys) {
      return keys.flatMap(({ playerId, track }) => {
        const record = ratings.get(keyOf(playerId, track));
        return record === undefined ? [] : [record];
      });
    },
    async playerRatings(playerId) {
      return playerRecords(playerId);
    },
    async saveMatch(match) {
      if (matches.has(match.matchId)) return;
      matches.set(match.matchId, match);
      for (const seat of match.teams.flat()) {
        const list = matchesByPlayer.get(seat.playerId) ?? [];
        list.push(match.matchId);
        matchesByPlayer.set(seat.playerId, list);
      }
    },
    async getMatch(matchId) {
      return matches.get(matchId);
    },
    async reportResult(input: ReportInput) {
      const match = matches.get(input.matchId);
      if (match === undefined) throw new MatchdError(ErrorCodes.MATCH_NOT_FOUND, `no match ${input.matchId}`);
      if (match.outcome !== undefined) return repeated(match.outcome, input);
      const played = input.roster === undefined ? match : { ...match, teams: input.roster };
      const current = played.teams.flat().map((seat) => ratings.get(keyOf(seat.playerId, seat.track)));
      const { next, outcome } = input.compute(played, current);
      for (const record of next) ratings.set(keyOf(record.playerId, record.track), record);
      const known = new Set(match.teams.flat().map((seat) => seat.playerId));
      for (const seat of played.teams.flat()) {
        if (known.has(seat.playerId)) continue;
        known.add(seat.playerId);
        const list = matchesByPlayer.get(seat.playerId) ?? [];
        list.push(match.matchId);
        matchesByPlayer.set(seat.playerId, list);
      }
      matches.set(match.matchId, { ...played, outcome });
      return { outcome, applied: true };
    },
    async friendsOf(playerId) {
      return [...(friends.get(playerId) ?? [])].sort();
    },
    async setFriends(playerId, friendIds) {
      friends.set(playerId, new Set(friendIds.filter((id) => id !== playerId)));
    },
    async addFriend(playerId, friendId) {
      if (friendId === playerId) return;
      const list = friends.get(playerId) ?? new Set<string>();
      list.add(friendId);
      friends.set(playerId, list);
    },
    async removeFriend(playerId, friendId) {
      friends.get(playerId)?.delete(friendId);
    },
    async history(playerId, { limit, beforeMs }) {
      const ids = matchesByPlayer.get(playerId) ?? [];
      return ids
        .map((id) => matches.get(id))
        .filter((match): match is MatchRecord => match !== undefined)
        .filter((match) => beforeMs === undefined || match.createdAtMs < beforeMs)
        .sort((a, b) => b.createdAtMs - a.createdAtMs || (a.matchId < b.matchId ? 1 : -1))
        .slice(0, limit);
    },
    async matchesInWindow({ fromMs, toMs, limit, after, reportedOnly }) {
      // A scan: the memory store serves tests and throwaway runs, not large histories.
      return [...matches.values()]
        .filter(
          (match) =>
            match.createdAtMs >= fromMs &&
            match.createdAtMs < toMs &&
            (after === undefined ||
              match.createdAtMs > after.createdAtMs ||
              (match.createdAtMs === after.createdAtMs && match.matchId > after.matchId)) &&
            (reportedOnly !== true || match.outcome !== undefined),
        )
        .sort((a, b) => a.createdAtMs - b.createdAtMs || (a.matchId < b.matchId ? -1 : 1))
        .slice(0, limit);
    },
    async leaderboard(track, { offset, limit }): Promise<LeaderboardRow[]> {
      return ranked(track)
        .slice(offset, offset + limit)
        .map((record, index) => ({ rank: offset + index + 1, record }));
    },
    async rankOf(track, playerId) {
      const index = ranked(track).findIndex((record) => record.playerId === playerId);
      return index < 0 ? undefined : index + 1;
    },
    async trackRatings(track) {
      return sortedTrack(track);
    },
    async tracks() {
      return [...new Set([...ratings.values()].map((record) => record.track))].sort();
    },
    async putRatings(records) {
      for (const record of records) ratings.set(keyOf(record.playerId, record.track), record);
    },
    async transformPlayer(playerId, transform) {
      const next = transform(playerRecords(playerId));
      for (const record of next) ratings.set(keyOf(record.playerId, record.track), record);
      return next.length;
    },
    async transformTrack(track, transform) {
      // Read, transform and write with no await between: nothing else runs in between.
      const next = transform(sortedTrack(track));
      for (const record of next) ratings.set(keyOf(record.playerId, record.track), record);
      return next.length;
    },
    async putQueueConfig(record) {
      configs.set(record.queueId, record);
    },
    async queueConfigs() {
      return [...configs.values()].sort((a, b) => (a.queueId < b.queueId ? -1 : 1));
    },
    async putModel(record) {
      const versions = models.get(record.name) ?? [];
      const stored: ModelRecord = { ...record, version: versions.length + 1 };
      models.set(record.name, [...versions, stored]);
      return stored;
    },
    async modelVersions() {
      return [...models.values()]
        .map((versions) => versions[versions.length - 1] as ModelRecord)
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .map(({ name, version, fittedAtMs }) => ({ name, version, fittedAtMs }));
    },
    async getModel(name) {
      return models.get(name)?.at(-1);
    },
    async close() {},
  };
}

/** The answer to a second report: the first outcome if it says the same, a conflict otherwise. */
export function repeated(first: MatchOutcome, input: ReportInput): { outcome: MatchOutcome; applied: false } {
  if (!sameReport(first.result, input.result)) {
    throw new MatchdError(
      ErrorCodes.RESULT_CONFLICT,
      `match ${input.matchId} already has a different result`,
      {
        matchId: input.matchId,
      },
    );
  }
  return { outcome: first, applied: false };
}
