/**
 * The schema, as numbered migrations shared by PGlite and PostgreSQL. `migrate` runs on every start:
 * it applies the missing steps in one transaction under an advisory lock, so several processes
 * starting together do not race. Never edit a shipped step; add a new one.
 */
import type { SqlClient } from './sql-client.ts';

/** The migrations, in order. Step n's statements run once, when the stored version is below n. */
export const migrations: readonly { readonly version: number; readonly statements: readonly string[] }[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE ratings (
        player_id TEXT NOT NULL,
        track TEXT NOT NULL,
        state JSONB NOT NULL,
        mean DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        display DOUBLE PRECISION,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        losses INTEGER NOT NULL,
        draws INTEGER NOT NULL,
        last_played_at_ms BIGINT NOT NULL,
        updated_at_ms BIGINT NOT NULL,
        PRIMARY KEY (player_id, track)
      )`,
      'CREATE INDEX ratings_leaderboard ON ratings (track, display DESC, player_id) WHERE display IS NOT NULL',
      `CREATE TABLE matches (
        match_id TEXT PRIMARY KEY,
        queue_id TEXT NOT NULL,
        created_at_ms BIGINT NOT NULL,
        teams JSONB NOT NULL,
        quality DOUBLE PRECISION,
        outcome JSONB
      )`,
      `CREATE TABLE match_players (
        player_id TEXT NOT NULL,
        match_id TEXT NOT NULL REFERENCES matches (match_id),
        created_at_ms BIGINT NOT NULL,
        PRIMARY KEY (player_id, match_id)
      )`,
      'CREATE INDEX match_players_history ON match_players (player_id, created_at_ms DESC)',
      `CREATE TABLE queue_configs (
        queue_id TEXT PRIMARY KEY,
        config JSONB NOT NULL,
        updated_at_ms BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 2,
    statements: [
      `CREATE TABLE friends (
        player_id TEXT NOT NULL,
        friend_id TEXT NOT NULL,
        PRIMARY KEY (player_id, friend_id)
      )`,
    ],
  },
  {
    version: 3,
    statements: [
      // The window query of model fitting (matchesInWindow) reads matches in creation order.
      'CREATE INDEX matches_created ON matches (created_at_ms, match_id)',
      `CREATE TABLE models (
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        fitted_at_ms BIGINT NOT NULL,
        model JSONB NOT NULL,
        PRIMARY KEY (name, version)
      )`,
    ],
  },
  {
    version: 4,
    statements: [
      // A queue of named teams (hunters against a monster) records which team is which.
      'ALTER TABLE matches ADD COLUMN team_names JSONB',
    ],
  },
];

// An arbitrary constant naming matchd's migration lock among the database's advisory locks.
const migrationLockKey = 7_305_524_113;

/** Brings the schema to the newest version; returns the versions it applied. */
export async function migrate(client: SqlClient): Promise<number[]> {
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS matchd_schema (version INTEGER PRIMARY KEY, applied_at_ms BIGINT NOT NULL)',
    );
    const rows = await tx.query('SELECT COALESCE(MAX(version), 0) AS version FROM matchd_schema');
    const current = Number(rows[0]?.['version'] ?? 0);
    const applied: number[] = [];
    for (const step of migrations) {
      if (step.version <= current) continue;
      for (const statement of step.statements) await tx.query(statement);
      await tx.query('INSERT INTO matchd_schema (version, applied_at_ms) VALUES ($1, $2)', [
        step.version,
        Date.now(),
      ]);
      applied.push(step.version);
    }
    return applied;
  });
}
