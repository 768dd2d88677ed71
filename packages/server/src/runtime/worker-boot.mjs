// Plain-JS start of the matchmaker worker: registers tsx in this thread (Node 20 does not carry the
// parent's loader hooks into workers), then loads the TypeScript entry named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
