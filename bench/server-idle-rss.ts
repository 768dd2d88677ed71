/**
 * The resident memory of an idle default server (PGlite ratings, memory fleet state, the matchmaker
 * worker thread): started on a fresh data folder (its first start creates the database), left idle,
 * then stopped and started again on the same folder (every later start).
 * usage: [BENCH_SERVER_RUNNER=compiled|sources] node --import tsx bench/server-idle-rss.ts [--idle-s 10]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { holdQueue, startBenchServer } from './server-support.ts';

const { values } = parseArgs({ options: { 'idle-s': { type: 'string', default: '10' } } });
const idleMs = Number(values['idle-s']) * 1000;

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'matchd-idle-'));
const queuesDir = join(dataDir, 'queues');
mkdirSync(queuesDir);
writeFileSync(join(queuesDir, 'hold.json'), JSON.stringify(holdQueue));
try {
  for (const start of ['first start', 'restart']) {
    const server = await startBenchServer({
      queues: [],
      env: { MATCHD_DATA_DIR: dataDir, MATCHD_QUEUES_DIR: queuesDir },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, idleMs));
      const pid = server.process.pid as number;
      console.log(
        JSON.stringify({ bench: 'server idle RSS', start, idleS: idleMs / 1000, ...memoryOf(pid) }),
      );
    } finally {
      await server.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
