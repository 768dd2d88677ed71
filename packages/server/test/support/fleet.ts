/**
 * Several real servers in this process sharing one PostgreSQL database and one Redis key prefix:
 * a fleet for tests that need to see one node's work through another's API. Each node has its own
 * data folder and port; `stopNode` shuts one down gracefully (its leases are released).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueueConfig } from '@matchd/engine';
import { configFrom } from '../../src/config.ts';
import { type RunningServer, startServer } from '../../src/start.ts';
import { redisUrl as defaultRedisUrl, freshPostgresDatabase, freshRedisPrefix } from './backends.ts';
import { ApiClient, keys, testQueuesDir } from './harness.ts';

/** One node of a test fleet. */
export interface FleetNode {
  readonly server: RunningServer;
  readonly client: ApiClient;
}

/** A test fleet. */
export interface TestFleet {
  readonly nodes: FleetNode[];
  /** Starts another node on the same stores. */
  addNode(overrides?: Record<string, unknown>): Promise<FleetNode>;
  /** Stops a node gracefully. */
  stopNode(node: FleetNode): Promise<void>;
  dispose(): Promise<void>;
}

/** Starts `count` nodes on a fresh database and Redis prefix (optionally another Redis). */
export async function startFleet(
  count: number,
  queues: readonly QueueConfig[],
  overrides: Record<string, unknown> = {},
  options: { redisUrl?: string } = {},
): Promise<TestFleet> {
  const database = await freshPostgresDatabase('fleet');
  const redis = options.redisUrl ?? defaultRedisUrl;
  const { prefix, drop } = freshRedisPrefix('fleet');
  const queuesDir = testQueuesDir(queues);
  const dataDirs: string[] = [];
  const nodes: FleetNode[] = [];
  const stopped = new Set<FleetNode>();
  const addNode = async (extra: Record<string, unknown> = {}): Promise<FleetNode> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchd-fleet-'));
    dataDirs.push(dataDir);
    const server = await startServer(
      configFrom({
        host: '127.0.0.1',
        port: 0,
        dataDir,
        ratingsBackend: 'postgres',
        databaseUrl: database.url,
        poolBackend: 'redis',
        redisUrl: redis,
        redisPrefix: prefix,
        apiKeys: `admin:test-admin:${keys.admin},server:test-server:${keys.server}`,
        tokenSecret: 'test-token-secret-0123456789abcdef0123456789',
        queuesDir,
        tickIntervalMs: 25,
        leaseMs: 1500,
        calibrationGames: 1,
        matchWorker: false,
        logLevel: 'silent',
        ...overrides,
        ...extra,
      }),
    );
    const node = { server, client: new ApiClient(server.address) };
    nodes.push(node);
    return node;
  };
  for (let index = 0; index < count; index += 1) await addNode();
  return {
    nodes,
    addNode,
    async stopNode(node) {
      if (stopped.has(node)) return;
      stopped.add(node);
      await node.server.stop();
    },
    async dispose() {
      for (const node of nodes) if (!stopped.has(node)) await node.server.stop();
      await drop();
      await database.drop();
      rmSync(queuesDir, { recursive: true, force: true });
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
