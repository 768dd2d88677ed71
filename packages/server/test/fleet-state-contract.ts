/**
 * One contract for every FleetState adapter (memory, Redis, Redis Cluster): creation and its
 * refusals, the indexes, cancel and accept, the log, the lease and its fencing, and the matchmaker's
 * all-or-nothing commits. Each case opens a fresh state.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isMatchdError } from '@matchd/engine';
import type { MatchHandoff } from '../src/runtime/match-events.ts';
import type { TicketEvent } from '../src/runtime/ticket-events.ts';
import type { FleetState, MatchmakerChange } from '../src/store/fleet-state.ts';
import type { MatchRecord, PooledTicket } from '../src/store/records.ts';
import type { AdapterFactory } from './store-contract.ts';

const ticket = (
  ticketId: string,
  playerIds: readonly string[],
  createdAtMs = 1000,
  queueId = 'q',
): PooledTicket => ({
  ticketId,
  queueId,
  playerIds,
  createdAtMs,
  // Player attributes of all four types ride with the ticket and read back unchanged.
  ticket: {
    ticketId,
    players: playerIds.map((playerId) => ({
      playerId,
      attributes: { skill: 12.5, build: '1.0.4', modes: ['ctf', 'tdm'], maps: { dust: 80, lake: -3 } },
    })),
  },
});
const searching = (ticketId: string, atMs = 1000): TicketEvent => ({ type: 'searching', ticketId, atMs });
const big = { capacity: 1000 };

async function create(state: FleetState, value: PooledTicket): Promise<void> {
  await state.createTicket(value, { ...big, event: searching(value.ticketId, value.createdAtMs) });
}

async function rejectsWith(work: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(work, (error: unknown) => isMatchdError(error) && error.code === code);
}

async function withState(factory: AdapterFactory<FleetState>, body: (state: FleetState) => Promise<void>) {
  const { store, dispose } = await factory.open();
  try {
    await body(store);
  } finally {
    await dispose();
  }
}

function matched(ticketIds: readonly string[], matchId: string, nowMs = 2000): MatchmakerChange {
  const match: MatchRecord = {
    matchId,
    queueId: 'q',
    createdAtMs: nowMs,
    teams: ticketIds.map((ticketId) => [{ playerId: `p-${ticketId}`, ticketId, track: 'q/solo' }]),
    quality: 0.5,
  };
  return {
    mode: 'all',
    from: ['searching', 'proposed'],
    to: 'matched',
    matchId,
    match,
    nowMs,
    tickets: ticketIds.map((ticketId) => ({
      ticketId,
      playerIds: [`p-${ticketId}`],
      event: {
        type: 'matched',
        ticketId,
        atMs: nowMs,
        waitMs: 1000,
        match: { matchId, queueId: 'q', teams: [], quality: 0.5 },
      },
      waitMs: 1000,
    })),
  };
}

/** The FleetState contract. */
export function fleetStateContract(factory: AdapterFactory<FleetState>): void {
  describe(`FleetState contract: ${factory.name}`, () => {
    test('a created ticket reads back searching, is logged, and counts; a duplicate id is refused', () =>
      withState(factory, async (state) => {
        const logged = await state.createTicket(ticket('a', ['pa']), { ...big, event: searching('a') });
        const record = await state.getTicket('a', ['q']);
        assert.equal(record?.state, 'searching');
        assert.deepEqual(record?.ticket, ticket('a', ['pa']));
        assert.deepEqual(record?.lastEvent, logged);
        await rejectsWith(create(state, ticket('a', ['other'])), 'MM_ERR_DUPLICATE_TICKET');
        await rejectsWith(create(state, ticket('a', ['other'], 1000, 'q2')), 'MM_ERR_DUPLICATE_TICKET');
        assert.equal(await state.ticketOfPlayer('other'), undefined, 'a refused creation reserves nobody');
        const log = await state.readLog('q', '0', 10);
        assert.deepEqual(
          log.map((entry) => [entry.ticketId, entry.source, entry.event?.type, entry.ticket?.ticketId]),
          [['a', 'api', 'searching', 'a']],
        );
        const counts = await state.queueCounts('q');
        assert.deepEqual([counts.searching, counts.proposed, counts.playersWaiting], [1, 0, 1]);
        assert.equal(await state.getTicket('zz', ['q']), undefined);
      }));

    test('a player waits on one live ticket at a time, across queues; free again once it ends', () =>
      withState(factory, async (state) => {
        await create(state, ticket('a', ['p1', 'p2']));
        await rejectsWith(
          create(state, ticket('b', ['p3', 'p2'], 1000, 'q2')),
          'MM_ERR_PLAYER_ALREADY_QUEUED',
        );
        assert.equal(await state.ticketOfPlayer('p3'), undefined, 'the refused ticket reserved nobody');
        assert.equal(await state.ticketOfPlayer('p2'), 'a');
        const record = await state.getTicket('a', ['q']);
        assert.ok(record);
        await state.cancelTicket(record, {
          event: { type: 'cancelled', ticketId: 'a', atMs: 1500, reason: 'cancelled' },
        });
        assert.equal(await state.ticketOfPlayer('p2'), undefined);
        await create(state, ticket('b', ['p3', 'p2'], 2000, 'q2'));
        assert.equal(await state.ticketOfPlayer('p2'), 'b');
      }));

    test('racing creations for one player: exactly one wins', () =>
      withState(factory, async (state) => {
        for (let round = 0; round < 5; round += 1) {
          const results = await Promise.allSettled(
            Array.from({ length: 6 }, (_, index) =>
              create(state, ticket(`r${round}-${index}`, [`racer${round}`])),
            ),
          );
          assert.equal(results.filter((result) => result.status === 'fulfilled').length, 1, `round ${round}`);
        }
      }));

    test('a queue at its capacity refuses with MM_ERR_QUEUE_FULL and changes nothing', () =>
      withState(factory, async (state) => {
        for (const id of ['a', 'b'])
          await state.createTicket(ticket(id, [`p-${id}`]), { capacity: 2, event: searching(id) });
        await rejectsWith(
          state.createTicket(ticket('c', ['p-c']), { capacity: 2, event: searching('c') }),
          'MM_ERR_QUEUE_FULL',
        );
        assert.equal(await state.getTicket('c', ['q']), undefined);
        assert.equal(await state.ticketOfPlayer('p-c'), undefined);
        assert.equal((await state.queueCounts('q')).searching, 2);
      }));

    test('cancel: once; a finished ticket refuses with its state; decline needs a proposal', () =>
      withState(factory, async (state) => {
        await create(state, ticket('a', ['pa']));
        const record = await state.getTicket('a', ['q']);
        assert.ok(record);
        await rejectsWith(
          state.cancelTicket(record, {
            event: { type: 'cancelled', ticketId: 'a', atMs: 1100, reason: 'declined' },
            declinedBy: 'pa',
          }),
          'MM_ERR_INVALID_TICKET_STATE',
        );
        await rejectsWith(state.acceptTicket(record, 'pa'), 'MM_ERR_INVALID_TICKET_STATE');
        const cancelled = await state.cancelTicket(record, {
          event: { type: 'cancelled', ticketId: 'a', atMs: 1200, reason: 'cancelled' },
        });
        assert.equal(cancelled.state, 'cancelled');
        assert.equal((await state.getTicket('a', ['q']))?.state, 'cancelled');
        assert.equal((await state.getTicket('a', ['q']))?.finishedAtMs, 1200);
        await rejectsWith(
          state.cancelTicket(record, {
            event: { type: 'cancelled', ticketId: 'a', atMs: 1300, reason: 'cancelled' },
          }),
          'MM_ERR_INVALID_TICKET_STATE',
        );
        const counts = await state.queueCounts('q');
        assert.deepEqual([counts.searching, counts.playersWaiting], [0, 0]);
      }));

    test('the lease: one holder; renewals by the holder only; a new holder gets a higher fence', () =>
      withState(factory, async (state) => {
        const first = await state.acquireLease('q', 'n1', 400);
        assert.equal(typeof first, 'number');
        assert.equal(await state.acquireLease('q', 'n2', 400), undefined);
        assert.equal(await state.leaseHolder('q'), 'n1');
        assert.equal(await state.renewLease('q', 'n2', first as number, 400), false);
        assert.equal(await state.renewLease('q', 'n1', first as number, 400), true);
        await new Promise((resolve) => setTimeout(resolve, 600));
        assert.equal(
          await state.renewLease('q', 'n1', first as number, 400),
          false,
          'a lapsed lease is gone',
        );
        const second = await state.acquireLease('q', 'n2', 5000);
        assert.ok((second as number) > (first as number));
        await state.releaseLease('q', 'n1', first as number);
        assert.equal(await state.leaseHolder('q'), 'n2', 'an old holder cannot release');
        await state.releaseLease('q', 'n2', second as number);
        assert.equal(await state.leaseHolder('q'), undefined);
      }));

    test('a match commits whole or not at all; the outbox keeps it until stored; the old fence is refused', () =>
      withState(factory, async (state) => {
        for (const id of ['a', 'b', 'c']) await create(state, ticket(id, [`p-${id}`]));
        const fence = (await state.acquireLease('q', 'n1', 10_000)) as number;
        const c = await state.getTicket('c', ['q']);
        assert.ok(c);
        await state.cancelTicket(c, {
          event: { type: 'cancelled', ticketId: 'c', atMs: 1500, reason: 'cancelled' },
        });
        assert.equal(await state.commit('q', fence, matched(['a', 'c'], 'm-lost')), 'conflict');
        assert.equal(
          (await state.getTicket('a', ['q']))?.state,
          'searching',
          'a lost match leaves its tickets',
        );
        assert.deepEqual(await state.unsavedMatches('q'), []);
        const eventsBefore = (await state.readLog('q', '0', 100)).length;
        assert.equal(await state.commit('q', fence + 1, matched(['a', 'b'], 'm1')), 'fenced');
        assert.equal(await state.commit('q', fence, matched(['a', 'b'], 'm1')), 'applied');
        const log = await state.readLog('q', '0', 100);
        assert.equal(log.length, eventsBefore + 2);
        assert.deepEqual(
          log.slice(-2).map((entry) => [entry.ticketId, entry.source, entry.event?.type]),
          [
            ['a', 'matchmaker', 'matched'],
            ['b', 'matchmaker', 'matched'],
          ],
        );
        const a = await state.getTicket('a', ['q']);
        assert.deepEqual([a?.state, a?.matchId, a?.finishedAtMs], ['matched', 'm1', 2000]);
        assert.equal(await state.ticketOfPlayer('p-a'), undefined);
        assert.equal(await state.commit('q', fence, matched(['a', 'b'], 'm2')), 'conflict', 'never twice');
        assert.deepEqual(
          (await state.unsavedMatches('q')).map((match) => match.matchId),
          ['m1'],
        );
        assert.equal((await state.findUnsavedMatch('m1', ['other', 'q']))?.matchId, 'm1');
        await state.matchSaved('q', 'm1');
        assert.deepEqual(await state.unsavedMatches('q'), []);
        const counts = await state.queueCounts('q');
        assert.deepEqual(
          [counts.searching, counts.matchesFormed, counts.recentWaitsMs, counts.recentQualities],
          [0, 1, [1000, 1000], [0.5]],
        );
      }));

    test('proposals: accept is logged for the matchmaker; a return restores the search and its order', () =>
      withState(factory, async (state) => {
        await create(state, ticket('late', ['p1'], 3000));
        await create(state, ticket('early', ['p2'], 1000));
        const fence = (await state.acquireLease('q', 'n1', 10_000)) as number;
        const proposed = (ticketIds: string[]): MatchmakerChange => ({
          mode: 'all',
          from: ['searching'],
          to: 'proposed',
          matchId: 'm1',
          nowMs: 4000,
          tickets: ticketIds.map((ticketId) => ({
            ticketId,
            playerIds: [],
            event: {
              type: 'proposed',
              ticketId,
              atMs: 4000,
              deadlineMs: 9000,
              match: { matchId: 'm1', queueId: 'q', teams: [], quality: 1 },
            },
          })),
        });
        assert.equal(await state.commit('q', fence, proposed(['late', 'early'])), 'applied');
        assert.equal((await state.queueCounts('q')).proposed, 2);
        const late = await state.getTicket('late', ['q']);
        assert.ok(late);
        await state.acceptTicket(late, 'p1');
        const accepted = (await state.readLog('q', '0', 100)).at(-1);
        assert.deepEqual(
          [accepted?.ticketId, accepted?.source, accepted?.playerId, accepted?.event],
          ['late', 'api', 'p1', undefined],
        );
        const live = await state.liveTickets('q');
        assert.deepEqual(
          live.tickets.map((record) => [record.ticket.ticketId, record.state]),
          [
            ['early', 'proposed'],
            ['late', 'proposed'],
          ],
        );
        assert.equal(live.logId, accepted?.eventId);
        const back = await state.commit('q', fence, {
          mode: 'each',
          from: ['proposed'],
          to: 'searching',
          matchId: 'm1',
          nowMs: 5000,
          tickets: ['late', 'early', 'missing'].map((ticketId) => ({
            ticketId,
            playerIds: [],
            event: { type: 'returned', ticketId, atMs: 5000, matchId: 'm1', reason: 'failover' },
          })),
        });
        assert.equal(back, 'applied');
        const again = await state.liveTickets('q');
        assert.deepEqual(
          again.tickets.map((record) => [record.ticket.ticketId, record.state, record.matchId]),
          [
            ['early', 'searching', undefined],
            ['late', 'searching', undefined],
          ],
        );
        assert.equal(await state.ticketOfPlayer('p1'), 'late');
      }));

    test("a match's hand-off record: written with its match by the same commit, then changed by compare-and-set, each change logged", () =>
      withState(factory, async (state) => {
        for (const id of ['a', 'b']) await create(state, ticket(id, [`p-${id}`]));
        const fence = (await state.acquireLease('q', 'n1', 10_000)) as number;
        const record: MatchHandoff = {
          matchId: 'm1',
          queueId: 'q',
          phase: 'allocating',
          version: 1,
          teams: [
            { playerIds: ['p-a'], ticketIds: ['a'], seats: 1 },
            { playerIds: ['p-b'], ticketIds: ['b'], seats: 1 },
          ],
          allocateDeadlineMs: 5000,
          createdAtMs: 2000,
          updatedAtMs: 2000,
        };
        const formed = { type: 'formed', matchId: 'm1', atMs: 2000, match: record } as const;
        // A stale version refuses the whole commit: the tickets stay.
        const stale = {
          ...matched(['a', 'b'], 'm1'),
          handoff: { expectedVersion: 3, next: record, event: formed },
        };
        assert.equal(await state.commit('q', fence, stale), 'conflict');
        assert.equal((await state.getTicket('a', ['q']))?.state, 'searching');
        assert.equal(await state.readHandoff('q', 'm1'), undefined);
        const change = {
          ...matched(['a', 'b'], 'm1'),
          handoff: { expectedVersion: 0, next: record, event: formed },
        };
        assert.equal(await state.commit('q', fence, change), 'applied');
        assert.deepEqual(await state.readHandoff('q', 'm1'), record);
        const logged = (await state.readLog('q', '0', 100)).filter((entry) => entry.matchEvent !== undefined);
        assert.deepEqual(
          logged.map((entry) => [entry.ticketId, entry.matchEvent?.type]),
          [['m1', 'formed']],
        );
        assert.deepEqual(await state.dueAllocations('q', 4999), []);
        assert.deepEqual(await state.dueAllocations('q', 5000), ['m1']);

        const connection = { host: '10.0.0.1', port: 7777 };
        const { allocateDeadlineMs: _deadline, ...rest } = record;
        const assigned: MatchHandoff = {
          ...rest,
          phase: 'assigned',
          connection,
          version: 2,
          updatedAtMs: 3000,
        };
        const assign = {
          next: assigned,
          event: { type: 'assigned', matchId: 'm1', atMs: 3000, match: assigned, connection } as const,
          ticketEvents: ['a', 'b'].map(
            (ticketId) => ({ type: 'assigned', ticketId, atMs: 3000, matchId: 'm1', connection }) as const,
          ),
        };
        assert.equal(await state.changeHandoff('q', { ...assign, expectedVersion: 2 }), 'conflict');
        const written = await state.changeHandoff('q', { ...assign, expectedVersion: 1 });
        assert.ok(written !== 'conflict');
        assert.equal(await state.changeHandoff('q', { ...assign, expectedVersion: 1 }), 'conflict', 'once');
        assert.deepEqual(await state.readHandoff('q', 'm1'), assigned);
        assert.deepEqual(await state.dueAllocations('q', 10_000), [], 'assigned: no longer allocating');
        // Each ticket's latest event is its assignment (a late subscriber replays it); its state stays.
        const a = await state.getTicket('a', ['q']);
        assert.deepEqual([a?.state, a?.lastEvent?.event.type], ['matched', 'assigned']);
        const after = await state.readLog('q', written.eventId, 100);
        assert.deepEqual(
          after.map((entry) => [entry.ticketId, entry.event?.type]),
          [
            ['a', 'assigned'],
            ['b', 'assigned'],
          ],
        );
      }));

    test('the webhook cursor is shared: unset at first, then what was last set', () =>
      withState(factory, async (state) => {
        assert.equal(await state.webhookCursor('q'), undefined);
        await state.setWebhookCursor('q', '12-0');
        await state.setWebhookCursor('q', '15-3');
        assert.equal(await state.webhookCursor('q'), '15-3');
        assert.equal(await state.webhookCursor('other'), undefined);
      }));

    test('the log reads in pages after an id; a follower hears what is logged after it is ready', () =>
      withState(factory, async (state) => {
        const heard: string[] = [];
        const follower = state.followLog('q', (entries) => {
          for (const entry of entries) heard.push(entry.ticketId);
        });
        assert.equal(await follower.ready, '0-0', 'an empty log starts at 0-0');
        for (const id of ['a', 'b', 'c', 'd']) await create(state, ticket(id, [`p-${id}`]));
        const first = await state.readLog('q', '0', 3);
        assert.deepEqual(
          first.map((entry) => entry.ticketId),
          ['a', 'b', 'c'],
        );
        const rest = await state.readLog('q', (first.at(-1) as { eventId: string }).eventId, 3);
        assert.deepEqual(
          rest.map((entry) => entry.ticketId),
          ['d'],
        );
        const deadline = Date.now() + 5000;
        while (heard.length < 4 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        follower.stop();
        assert.deepEqual(heard, ['a', 'b', 'c', 'd']);
        const later = state.followLog('q', () => {});
        assert.equal(
          await later.ready,
          (rest.at(-1) as { eventId: string }).eventId,
          'a follower starts after the last entry',
        );
        later.stop();
      }));
  });
}
