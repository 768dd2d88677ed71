/**
 * Queues with an acceptance step, through @matchd/client: the match is proposed, players accept or
 * decline over the API, and the stream tells each ticket what happened (matched, or returned to the search, or
 * cancelled for the one who declined).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { QueueConfig } from '@matchd/engine';
import { refusal } from './e2e-flow.ts';
import { eventually, keys, openSocket, startTestServer, type TestServer } from './support/harness.ts';

const acceptDuel: QueueConfig = {
  id: 'accept-duel',
  teams: { count: 2, size: 1 },
  rating: { track: 'accept' },
  criteria: [{ kind: 'team-balance', weight: 1 }],
  threshold: { start: 0 },
  mode: { kind: 'continuous', maxWaitMs: 1000 },
  acceptance: { timeoutMs: 10_000 },
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ ratings: 'memory', pool: 'memory', worker: true }, [acceptDuel]);
});
after(() => server.dispose());

/** Two players queue (through @matchd/client); resolves when both tickets are proposed. */
async function proposedPair(a: string, b: string) {
  const game = server.api(keys.server);
  const tickets = [];
  for (const playerId of [a, b]) {
    const ticket = await game.createTicket({ queueId: 'accept-duel', players: [{ playerId }] });
    tickets.push({
      id: ticket.ticketId,
      player: server.api((await game.issueToken(playerId)).token),
      playerId,
    });
  }
  for (const ticket of tickets) {
    await eventually(
      async () => ((await ticket.player.getTicket(ticket.id)).state === 'proposed' ? true : undefined),
      10_000,
      `${ticket.playerId} proposed`,
    );
  }
  return tickets as [(typeof tickets)[0], (typeof tickets)[0]];
}

test('both accept: the match forms and both streams end with matched', async () => {
  const [first, second] = await proposedPair('acc-a', 'acc-b');
  const states: string[] = [];
  const watch = first.player.watchTicket(first.id, {
    openSocket,
    onState: (ticket) => states.push(ticket.state),
  });
  await eventually(async () => (states.length > 0 ? true : undefined), 5000, 'the state message');
  // Opened after the proposal: the stream gives it again, with what the player answers to.
  const proposal = await eventually(async () => watch.events.find((event) => event.type === 'proposed'));
  assert.equal(proposal.type === 'proposed' && proposal.deadlineMs > Date.now(), true);
  assert.equal((await first.player.acceptMatch(first.id, first.playerId)).state, 'proposed');
  // A player may not answer for somebody else, even on a ticket of the same match.
  const forged = await refusal(first.player.acceptMatch(second.id, second.playerId));
  assert.equal(forged.status, 403);
  await second.player.acceptMatch(second.id, second.playerId);
  const final = await watch.done;
  assert.equal(final.type, 'matched', JSON.stringify(watch.events));
  if (final.type !== 'matched') return;
  const match = await server.api(keys.server).getMatch(final.match.matchId);
  assert.deepEqual(
    match.teams
      .flat()
      .map((seat) => seat.playerId)
      .sort(),
    ['acc-a', 'acc-b'],
  );
});

test('one declines: they are cancelled, the other returns to the search', async () => {
  const [first, second] = await proposedPair('dec-a', 'dec-b');
  const states: string[] = [];
  const watch = second.player.watchTicket(second.id, {
    openSocket,
    onState: (ticket) => states.push(ticket.state),
  });
  // Subscribed first (the stream's first message), so the `returned` event cannot pass it by.
  await eventually(async () => (states.length > 0 ? true : undefined), 5000, 'the state message');
  const declined = await first.player.declineMatch(first.id, first.playerId);
  assert.equal(declined.state, 'cancelled');
  await eventually(async () => (watch.events.some((event) => event.type === 'returned') ? true : undefined));
  assert.equal((await second.player.getTicket(second.id)).state, 'searching');
  watch.close();
  // The decliner may queue again at once.
  const again = await server
    .api(keys.server)
    .createTicket({ queueId: 'accept-duel', players: [{ playerId: first.playerId }] });
  assert.equal(again.state, 'searching');
});
