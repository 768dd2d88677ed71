/**
 * Runs the EOMM Table 2 experiment: `rounds` rounds for every pool size, every method on the same
 * pool in a round. Rounds are independent and seeded by (seed, pool size, round), so the results do
 * not depend on how rounds are split across worker threads (worker_threads, one per core).
 */
import { Worker } from 'node:worker_threads';
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { parseEommTable2Params } from './params.ts';
import { runTable2Round, TABLE2_METHODS, type Table2Method } from './round.ts';

/** What to run. `params` is the parameter file's parsed JSON (validated here). */
export interface Table2RunOptions {
  readonly params: unknown;
  readonly pools: readonly number[];
  readonly rounds: number;
  readonly seed: number;
  /** Worker threads; 1 runs in this thread. */
  readonly workers: number;
  readonly methods?: readonly Table2Method[];
  /** Called as rounds finish (done, total). */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Per pool size and method: the retained count and the expected retained count of every round. */
export interface Table2Samples {
  readonly poolSize: number;
  readonly byMethod: Readonly<
    Record<Table2Method, { readonly retained: Int32Array; readonly expected: Float64Array }>
  >;
}

/** A chunk of rounds of one pool size. */
export interface Table2Chunk {
  readonly poolSize: number;
  readonly start: number;
  readonly end: number;
}

/** A finished chunk, per method in `methods` order. */
export interface Table2ChunkResult {
  readonly chunk: Table2Chunk;
  readonly retained: Int32Array[];
  readonly expected: Float64Array[];
}

/** Runs the rounds of one chunk in this thread. */
export function runTable2Chunk(input: {
  readonly params: unknown;
  readonly chunk: Table2Chunk;
  readonly seed: number;
  readonly methods: readonly Table2Method[];
}): Table2ChunkResult {
  const params = parseEommTable2Params(input.params);
  const { chunk, methods } = input;
  const count = chunk.end - chunk.start;
  const retained = methods.map(() => new Int32Array(count));
  const expected = methods.map(() => new Float64Array(count));
  for (let round = chunk.start; round < chunk.end; round++) {
    const results = runTable2Round({ params, poolSize: chunk.poolSize, seed: input.seed, round, methods });
    results.forEach((result, m) => {
      (retained[m] as Int32Array)[round - chunk.start] = result.retained;
      (expected[m] as Float64Array)[round - chunk.start] = result.expectedRetained;
    });
  }
  return { chunk, retained, expected };
}

function validate(options: Table2RunOptions): readonly Table2Method[] {
  const bad = (path: string, message: string) =>
    new MatchdError(ErrorCodes.INVALID_OPTION, message, { path });
  parseEommTable2Params(options.params);
  if (options.pools.length === 0) throw bad('pools', 'give at least one pool size');
  for (const pool of options.pools) {
    if (!Number.isInteger(pool) || pool < 2 || pool > 5000)
      throw bad('pools', 'pool sizes must be integers in [2, 5000]');
  }
  if (!Number.isInteger(options.rounds) || options.rounds < 2)
    throw bad('rounds', 'rounds must be an integer >= 2');
  if (!Number.isInteger(options.seed)) throw bad('seed', 'seed must be an integer');
  if (!Number.isInteger(options.workers) || options.workers < 1 || options.workers > 64) {
    throw bad('workers', 'workers must be an integer in [1, 64]');
  }
  const methods = options.methods ?? TABLE2_METHODS;
  for (const method of methods) {
    if (!TABLE2_METHODS.includes(method)) throw bad('methods', `unknown method ${method}`);
  }
  return methods;
}

/** Runs the whole experiment and returns every round's samples. */
export async function runEommTable2(options: Table2RunOptions): Promise<Table2Samples[]> {
  const methods = validate(options);
  // Chunks small enough to balance two workers and to report progress often.
  const chunks: Table2Chunk[] = [];
  for (const poolSize of [...options.pools].sort((a, b) => b - a)) {
    const chunkRounds = Math.max(1, Math.ceil(20000 / poolSize));
    for (let start = 0; start < options.rounds; start += chunkRounds) {
      chunks.push({ poolSize, start, end: Math.min(options.rounds, start + chunkRounds) });
    }
  }
  const total = options.rounds * options.pools.length;
  let done = 0;
  const results: Table2ChunkResult[] = [];
  const record = (result: Table2ChunkResult) => {
    results.push(result);
    done += result.chunk.end - result.chunk.start;
    options.onProgress?.(done, total);
  };
  if (options.workers === 1) {
    for (const chunk of chunks)
      record(runTable2Chunk({ params: options.params, chunk, seed: options.seed, methods }));
  } else {
    await runInWorkers({ options, methods, chunks, record });
  }
  return options.pools.map((poolSize) => {
    const byMethod = {} as Record<Table2Method, { retained: Int32Array; expected: Float64Array }>;
    methods.forEach((method, m) => {
      const retained = new Int32Array(options.rounds);
      const expected = new Float64Array(options.rounds);
      for (const result of results) {
        if (result.chunk.poolSize !== poolSize) continue;
        retained.set(result.retained[m] as Int32Array, result.chunk.start);
        expected.set(result.expected[m] as Float64Array, result.chunk.start);
      }
      byMethod[method] = { retained, expected };
    });
    return { poolSize, byMethod };
  });
}

/** Defined (true) by scripts/build-server.mjs in the compiled `matchd` command only. */
declare const MATCHD_COMPILED: boolean | undefined;

/**
 * A worker thread running worker.ts: its compiled file beside the compiled command's
 * (packages/server/dist), or, from the sources, a thread that registers tsx itself and then imports
 * the TypeScript entry (Node 20 loads a worker's entry before any --import hook runs).
 */
function startWorker(): Worker {
  if (typeof MATCHD_COMPILED !== 'undefined' && MATCHD_COMPILED) {
    return new Worker(new URL('../../../../server/dist/eomm-table2-worker.js', import.meta.url));
  }
  const url = new URL('./worker.ts', import.meta.url);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { eval: true });
}

async function runInWorkers(input: {
  readonly options: Table2RunOptions;
  readonly methods: readonly Table2Method[];
  readonly chunks: readonly Table2Chunk[];
  readonly record: (result: Table2ChunkResult) => void;
}): Promise<void> {
  const queue = [...input.chunks];
  const workerCount = Math.min(input.options.workers, queue.length);
  await Promise.all(
    Array.from({ length: workerCount }, () => {
      return new Promise<void>((resolve, reject) => {
        const worker = startWorker();
        const next = () => {
          const chunk = queue.shift();
          if (chunk === undefined) {
            void worker.terminate().then(() => resolve());
            return;
          }
          worker.postMessage({
            params: input.options.params,
            chunk,
            seed: input.options.seed,
            methods: input.methods,
          });
        };
        worker.on('message', (result: Table2ChunkResult) => {
          input.record(result);
          next();
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (code !== 0 && code !== 1) reject(new Error(`worker exited with code ${code}`));
        });
        next();
      });
    }),
  );
}
