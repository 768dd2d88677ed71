/** Runs the fleet state contract on memory and on the machine's Redis (a fresh key prefix per case). */
import { createMemoryFleetState } from '../src/store/memory/memory-fleet-state.ts';
import { openRedisFleetState } from '../src/store/redis/redis-fleet-state.ts';
import { fleetStateContract } from './fleet-state-contract.ts';
import { freshRedisPrefix, redisUrl } from './support/backends.ts';

fleetStateContract({
  name: 'memory',
  async open() {
    return { store: createMemoryFleetState(), dispose: async () => {} };
  },
});

fleetStateContract({
  name: 'redis',
  async open() {
    const { prefix, drop } = freshRedisPrefix('fleet');
    const store = await openRedisFleetState(redisUrl, prefix);
    return {
      store,
      dispose: async () => {
        await store.close();
        await drop();
      },
    };
  },
});
