import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPlackettLuce, isMatchdError, type QueueConfig } from '@matchd/engine';
import { startWorkerHost } from './worker-host.ts';

const duel: QueueConfig = {
  id: 'duel',
  teams: { count: 2, size: 1 },
  rating: { track: 'duel' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 1000 },
};

test('the worker thread runs the engine under tsx: tickets match there, errors keep their codes', async () => {
  const host = await startWorkerHost({ policies: { fallback: { model: { kind: 'weng-lin' } } }, seed: 7 });
  try {
    await host.restoreQueue(duel, []);
    const rating = createPlackettLuce().initial();
    await host.enqueue('duel', { ticketId: 'a', players: [{ playerId: 'pa', rating }] }, 1000);
    await host.enqueue('duel', { ticketId: 'b', players: [{ playerId: 'pb', rating }] }, 1001);
    const { effects } = await host.tickQueue('duel', 1002);
    assert.ok(
      effects.some((effect) => effect.kind === 'matched'),
      JSON.stringify(effects),
    );
    await assert.rejects(host.status('nope', 'x', 1003), (error) =>
      isMatchdError(error, 'MM_ERR_QUEUE_NOT_FOUND'),
    );
    await assert.rejects(host.putQueue({ ...duel, teams: { count: 2, size: 0 } }), (error) =>
      isMatchdError(error, 'MM_ERR_INVALID_QUEUE_CONFIG'),
    );
  } finally {
    await host.close();
  }
});
