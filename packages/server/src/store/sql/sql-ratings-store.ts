/**
 * The RatingsStore over SQL, shared by PGlite (embedded default) and PostgreSQL: the same
 * statements run on both. `reportResult` locks the match row and the players' rating rows
 * (`FOR UPDATE`) so concurrent reports serialise and a result is applied exactly once.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { repeated } from '../memory/memory-ratings-store.ts';
import type { LeaderboardRow, RatingsStore, ReportInput } from '../ratings-store.ts';
import type { Json, MatchOutcome, MatchRecord, MatchSeat, ModelRecord, RatingRecord } from '../records.ts';
import { migrate } from './migrations.ts';
import type { Row, SqlClient, SqlExecutor } from './sql-client.ts';

const ratingColumns =
  'player_id, track, state, mean, deviation, display, games, wins, losses, draws, last_played_at_ms, updated_at_ms';

function ratingFromRow(row: Row): RatingRecord {
  return {
    playerId: String(row['player_id']),
    track: String(row['track']),
    state: row['state'] as Json,
    mean: Number(row['mean']),
    deviation: Number(row['deviation']),
    ...(row['display'] === null || row['display'] === undefined ? {} : { display: Number(row['display']) }),
    games: Number(row['games']),
    wins: Number(row['wins']),
    losses: Number(row['losses']),
    draws: Number(row['draws']),
    lastPlayedAtMs: Number(row['last_played_at_ms']),
    updatedAtMs: Number(row['updated_at_ms']),
  };
}

function matchFromRow(row: Row): MatchRecord {
  const quality = row['quality'];
  const outcome = row['outcome'];
  return {
    matchId: String(row['match_id']),
    queueId: String(row['queue_id']),
    createdAtMs: Number(row['created_at_ms']),
    teams: row['teams'] as MatchSeat[][],
    ...(row['team_names'] === null || row['team_names'] === undefined
      ? {}
      : { teamNames: row['team_names'] as string[] }),
    ...(quality === null || quality === undefined ? {} : { quality: Number(quality) }),
    ...(outcome === null || outcome === undefined ? {} : { outcome: outcome as MatchOutcome }),
  };
}

/**
 * Whole-track advisory locks (reports share them, track transforms own them) live in the
 * two-integer key space, apart from the players' single-bigint keys: (this class, hash of the track).
 */
const TRACK_LOCK_CLASS = 7431;
/** Writers of one model name serialise on (this class, hash of the name). */
const MODEL_LOCK_CLASS = 7432;

function modelFromRow(row: Row): ModelRecord {
  return {
    name: String(row['name']),
    version: Number(row['version']),
    fittedAtMs: Number(row['fitted_at_ms']),
    model: row['model'] as Json,
  };
}

/**
 * Locks (track, player) ratings for a write that reads them first, until the transaction ends:
 * a shared lock per track, so that a track transform (a season reset), which takes it exclusively,
 * never interleaves; then an advisory lock per (track, player), as row locks cannot guard a
 * player's first rating (there is no row yet). Both in sorted order, so writers that share
 * players cannot deadlock.
 */
async function lockForRating(tx: SqlExecutor, tracks: readonly string[], playerIds: readonly string[]) {
  await tx.query(
    `SELECT pg_advisory_xact_lock_shared(${TRACK_LOCK_CLASS}, hashtext(k))
       FROM (SELECT k FROM unnest($1::text[]) AS k ORDER BY k) AS ordered`,
    [[...new Set(tracks)].sort()],
  );
  const lockKeys = [...new Set(tracks.map((track, index) => `${track}|${playerIds[index]}`))].sort();
  await tx.query(
    `SELECT pg_advisory_xact_lock(h) FROM
       (SELECT hashtextextended(k, 0) AS h FROM unnest($1::text[]) AS k ORDER BY k) AS ordered`,
    [lockKeys],
  );
}

/** Every rating of a track, in leaderboard order with hidden ratings last. */
async function selectTrack(executor: SqlExecutor, track: string): Promise<RatingRecord[]> {
  const rows = await executor.query(
    `SELECT ${ratingColumns} FROM ratings WHERE track = $1 ORDER BY display DESC NULLS LAST, player_id ASC`,
    [track],
  );
  return rows.map(ratingFromRow);
}

async function upsertRatings(tx: SqlExecutor, records: readonly RatingRecord[]): Promise<void> {
  for (const record of records) {
    await tx.query(
      `INSERT INTO ratings (${ratingColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (player_id, track) DO UPDATE SET state = EXCLUDED.state, mean = EXCLUDED.mean,
         deviation = EXCLUDED.deviation, display = EXCLUDED.display, games = EXCLUDED.games,
         wins = EXCLUDED.wins, losses = EXCLUDED.losses, draws = EXCLUDED.draws,
         last_played_at_ms = EXCLUDED.last_played_at_ms, updated_at_ms = EXCLUDED.updated_at_ms`,
      [
        record.playerId,
        record.track,
        JSON.stringify(record.state),
        record.mean,
        record.deviation,
        record.display ?? null,
        record.games,
        record.wins,
        record.losses,
        record.draws,
        record.lastPlayedAtMs,
        record.updatedAtMs,
      ],
    );
  }
}

/** A RatingsStore on `client`. Call `migrate()` before use (the service does on start). */
export function createSqlRatingsStore(client: SqlClient): RatingsStore {
  return {
    backend: client.backend,
    async migrate() {
      await migrate(client);
    },
    async ping() {
      await client.query('SELECT 1');
    },
    async getRatings(keys) {
      if (keys.length === 0) return [];
      const rows = await client.query(
        `SELECT ${ratingColumns} FROM ratings r
         JOIN unnest($1::text[], $2::text[]) AS k(player_id, track) USING (player_id, track)`,
        [keys.map((key) => key.playerId), keys.map((key) => key.track)],
      );
      return rows.map(ratingFromRow);
    },
    async playerRatings(playerId) {
      const rows = await client.query(
        `SELECT ${ratingColumns} FROM ratings WHERE player_id = $1 ORDER BY track`,
        [playerId],
      );
      return rows.map(ratingFromRow);
    },
    async saveMatch(match) {
      await client.transaction(async (tx) => {
        const inserted = await tx.query(
          `INSERT INTO matches (match_id, queue_id, created_at_ms, teams, quality, team_names) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (match_id) DO NOTHING RETURNING match_id`,
          [
            match.matchId,
            match.queueId,
            match.createdAtMs,
            JSON.stringify(match.teams),
            match.quality ?? null,
            match.teamNames === undefined ? null : JSON.stringify(match.teamNames),
          ],
        );
        if (inserted.length === 0) return;
        const playerIds = [...new Set(match.teams.flat().map((seat) => seat.playerId))];
        await tx.query(
          `INSERT INTO match_players (player_id, match_id, created_at_ms)
           SELECT p, $2, $3 FROM unnest($1::text[]) AS p`,
          [playerIds, match.matchId, match.createdAtMs],
        );
      });
    },
    async getMatch(matchId) {
      const rows = await client.query('SELECT * FROM matches WHERE match_id = $1', [matchId]);
      return rows[0] === undefined ? undefined : matchFromRow(rows[0]);
    },
    async reportResult(input: ReportInput) {
      return client.transaction(async (tx) => {
        const rows = await tx.query('SELECT * FROM matches WHERE match_id = $1 FOR UPDATE', [input.matchId]);
        if (rows[0] === undefined)
          throw new MatchdError(ErrorCodes.MATCH_NOT_FOUND, `no match ${input.matchId}`);
        const formed = matchFromRow(rows[0]);
        if (formed.outcome !== undefined) return repeated(formed.outcome, input);
        const match = input.roster === undefined ? formed : { ...formed, teams: input.roster };
        const seats = match.teams.flat();
        await lockForRating(
          tx,
          seats.map((seat) => seat.track),
          seats.map((seat) => seat.playerId),
        );
        const locked = await tx.query(
          `SELECT ${ratingColumns} FROM ratings r
           JOIN unnest($1::text[], $2::text[]) AS k(player_id, track) USING (player_id, track)`,
          [seats.map((seat) => seat.playerId), seats.map((seat) => seat.track)],
        );
        const byKey = new Map(
          locked.map((row) => [`${row['track']}\u0000${row['player_id']}`, ratingFromRow(row)]),
        );
        const current = seats.map((seat) => byKey.get(`${seat.track}\u0000${seat.playerId}`));
        const { next, outcome } = input.compute(match, current);
        await upsertRatings(tx, next);
        await tx.query('UPDATE matches SET outcome = $2, teams = $3 WHERE match_id = $1', [
          match.matchId,
          JSON.stringify(outcome),
          JSON.stringify(match.teams),
        ]);
        // Players who joined by backfill get the match in their history.
        await tx.query(
          `INSERT INTO match_players (player_id, match_id, created_at_ms)
           SELECT p, $2, $3 FROM unnest($1::text[]) AS p ON CONFLICT DO NOTHING`,
          [[...new Set(seats.map((seat) => seat.playerId))], match.matchId, match.createdAtMs],
        );
        return { outcome, applied: true };
      });
    },
    async history(playerId, { limit, beforeMs }) {
      const rows = await client.query(
        `SELECT m.* FROM match_players mp JOIN matches m USING (match_id)
         WHERE mp.player_id = $1 AND ($2::bigint IS NULL OR mp.created_at_ms < $2)
         ORDER BY mp.created_at_ms DESC, mp.match_id DESC LIMIT $3`,
        [playerId, beforeMs ?? null, limit],
      );
      return rows.map(matchFromRow);
    },
    async matchesInWindow({ fromMs, toMs, limit, after, reportedOnly }) {
      // Row comparison (created_at_ms, match_id) > (cursor) walks the matches_created index.
      const rows = await client.query(
        `SELECT * FROM matches
         WHERE created_at_ms >= $1 AND created_at_ms < $2
           AND ($3::bigint IS NULL OR (created_at_ms, match_id) > ($3::bigint, $4::text))
           AND (NOT $5::boolean OR outcome IS NOT NULL)
         ORDER BY created_at_ms, match_id LIMIT $6`,
        [fromMs, toMs, after?.createdAtMs ?? null, after?.matchId ?? '', reportedOnly === true, limit],
      );
      return rows.map(matchFromRow);
    },
    async leaderboard(track, { offset, limit }): Promise<LeaderboardRow[]> {
      const rows = await client.query(
        `SELECT ${ratingColumns} FROM ratings WHERE track = $1 AND display IS NOT NULL
         ORDER BY display DESC, player_id ASC OFFSET $2 LIMIT $3`,
        [track, offset, limit],
      );
      return rows.map((row, index) => ({ rank: offset + index + 1, record: ratingFromRow(row) }));
    },
    async rankOf(track, playerId) {
      // Rank = 1 + the number of players ahead in leaderboard order (display desc, then player id).
      const rows = await client.query(
        `SELECT 1 + (SELECT COUNT(*) FROM ratings o WHERE o.track = r.track
           AND o.display IS NOT NULL AND (o.display > r.display OR (o.display = r.display AND o.player_id < r.player_id))) AS rank
         FROM ratings r WHERE r.track = $1 AND r.player_id = $2 AND r.display IS NOT NULL`,
        [track, playerId],
      );
      return rows[0] === undefined ? undefined : Number(rows[0]['rank']);
    },
    async trackRatings(track) {
      return selectTrack(client, track);
    },
    async tracks() {
      const rows = await client.query('SELECT DISTINCT track FROM ratings ORDER BY track');
      return rows.map((row) => String(row['track']));
    },
    async putRatings(records) {
      await client.transaction((tx) => upsertRatings(tx, records));
    },
    async transformPlayer(playerId, transform) {
      return client.transaction(async (tx) => {
        const tracks = (await tx.query('SELECT track FROM ratings WHERE player_id = $1', [playerId])).map(
          (row) => String(row['track']),
        );
        await lockForRating(
          tx,
          tracks,
          tracks.map(() => playerId),
        );
        // Read again under the locks; a track first rated since the query above is left out.
        const current = await tx.query(
          `SELECT ${ratingColumns} FROM ratings WHERE player_id = $1 AND track = ANY($2::text[]) ORDER BY track`,
          [playerId, tracks],
        );
        const next = transform(current.map(ratingFromRow));
        await upsertRatings(tx, next);
        return next.length;
      });
    },
    async transformTrack(track, transform) {
      return client.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(${TRACK_LOCK_CLASS}, hashtext($1))`, [track]);
        const next = transform(await selectTrack(tx, track));
        await upsertRatings(tx, next);
        return next.length;
      });
    },
    async friendsOf(playerId) {
      const rows = await client.query(
        'SELECT friend_id FROM friends WHERE player_id = $1 ORDER BY friend_id',
        [playerId],
      );
      return rows.map((row) => String(row['friend_id']));
    },
    async setFriends(playerId, friendIds) {
      await client.transaction(async (tx) => {
        await tx.query('DELETE FROM friends WHERE player_id = $1', [playerId]);
        const unique = [...new Set(friendIds)].filter((id) => id !== playerId);
        if (unique.length > 0) {
          await tx.query('INSERT INTO friends (player_id, friend_id) SELECT $1, unnest($2::text[])', [
            playerId,
            unique,
          ]);
        }
      });
    },
    async addFriend(playerId, friendId) {
      if (friendId === playerId) return;
      await client.query(
        'INSERT INTO friends (player_id, friend_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [playerId, friendId],
      );
    },
    async removeFriend(playerId, friendId) {
      await client.query('DELETE FROM friends WHERE player_id = $1 AND friend_id = $2', [playerId, friendId]);
    },
    async putQueueConfig(record) {
      await client.query(
        `INSERT INTO queue_configs (queue_id, config, updated_at_ms) VALUES ($1, $2, $3)
         ON CONFLICT (queue_id) DO UPDATE SET config = EXCLUDED.config, updated_at_ms = EXCLUDED.updated_at_ms`,
        [record.queueId, JSON.stringify(record.config), record.updatedAtMs],
      );
    },
    async queueConfigs() {
      const rows = await client.query(
        'SELECT queue_id, config, updated_at_ms FROM queue_configs ORDER BY queue_id',
      );
      return rows.map((row) => ({
        queueId: String(row['queue_id']),
        config: row['config'] as Json,
        updatedAtMs: Number(row['updated_at_ms']),
      }));
    },
    async putModel(record) {
      return client.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(${MODEL_LOCK_CLASS}, hashtext($1))`, [record.name]);
        const rows = await tx.query(
          `INSERT INTO models (name, version, fitted_at_ms, model)
           SELECT $1, COALESCE(MAX(version), 0) + 1, $2, $3 FROM models WHERE name = $1
           RETURNING name, version, fitted_at_ms, model`,
          [record.name, record.fittedAtMs, JSON.stringify(record.model)],
        );
        return modelFromRow(rows[0] as Row);
      });
    },
    async modelVersions() {
      const rows = await client.query(
        `SELECT DISTINCT ON (name) name, version, fitted_at_ms FROM models ORDER BY name, version DESC`,
      );
      return rows.map((row) => ({
        name: String(row['name']),
        version: Number(row['version']),
        fittedAtMs: Number(row['fitted_at_ms']),
      }));
    },
    async getModel(name) {
      const rows = await client.query(
        'SELECT name, version, fitted_at_ms, model FROM models WHERE name = $1 ORDER BY version DESC LIMIT 1',
        [name],
      );
      return rows[0] === undefined ? undefined : modelFromRow(rows[0]);
    },
    async close() {
      await client.close();
    },
  };
}
