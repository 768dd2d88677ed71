/** Worker thread of the EOMM Table 2 experiment: runs the chunks of rounds it is sent. */
import { parentPort } from 'node:worker_threads';
import { runTable2Chunk } from './run.ts';

parentPort?.on('message', (message: Parameters<typeof runTable2Chunk>[0]) => {
  const result = runTable2Chunk(message);
  parentPort?.postMessage(result, [
    ...result.retained.map((array) => array.buffer as ArrayBuffer),
    ...result.expected.map((array) => array.buffer as ArrayBuffer),
  ]);
});
