/** The engine's matchmaker as the hosts' factory: the one place the service names the queue engine. */
import { createMatchmaker } from '@matchd/engine';
import type { MatchmakerFactory } from './matchmaker-host.ts';

/** Builds a queue's matchmaker with the engine's `createMatchmaker`. */
export const engineMatchmakerFactory: MatchmakerFactory = (options) => createMatchmaker(options);
