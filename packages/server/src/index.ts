/**
 * @matchd/server: the matchd service. `buildServer(deps)` builds the app without listening;
 * `startServer(config)` opens real stores and listens; the ports and adapters let other hosts
 * (tests, the simulator in `--e2e` mode, a custom main) pick their own parts.
 */
export { buildServer, type ServerDeps } from './app.ts';
export { configFrom, defaultConfig, loadConfig, type ServerConfig } from './config.ts';
export { createRatingSystem, type RatingModelName, type RatingSystem } from './rating/rating-system.ts';
export { createLocalHost, type MatchmakerHost } from './runtime/matchmaker-host.ts';
export type { TicketEvent } from './runtime/ticket-events.ts';
export { startWorkerHost } from './runtime/worker-host.ts';
export { type RunningServer, startServer } from './start.ts';
export type { FleetState } from './store/fleet-state.ts';
export { createMemoryFleetState } from './store/memory/memory-fleet-state.ts';
export { createMemoryRatingsStore } from './store/memory/memory-ratings-store.ts';
export type { RatingsStore } from './store/ratings-store.ts';
export type * from './store/records.ts';
export { openRedisFleetState } from './store/redis/redis-fleet-state.ts';
export { openPglite } from './store/sql/pglite-client.ts';
export { openPostgres } from './store/sql/postgres-client.ts';
export { createSqlRatingsStore } from './store/sql/sql-ratings-store.ts';
