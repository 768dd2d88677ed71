import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '../errors.ts';
import { createElo } from '../rating/elo/elo.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import { createMatchmaker } from './matchmaker.ts';
import { relaxedValue, waitUntilRelaxedTo } from './relaxation.ts';
import { oneVersusOne, twoVersusTwo } from './test-support/configs.ts';
import type { MatchmakerEffect, QueueConfig, TicketInput } from './types.ts';

const elo = createElo();
const solo = (id: string, rating: number, extra: Record<string, unknown> = {}): TicketInput<EloRating> => ({
  ticketId: id,
  players: [{ playerId: id, rating: { rating, games: 50, streak: 0 }, gamesPlayed: 50, ...extra }],
});
const matched = (effects: readonly MatchmakerEffect[]) =>
  effects.filter((effect) => effect.kind === 'matched');
const make = (config: QueueConfig, seed = 1) => createMatchmaker({ config, ratingModel: elo, seed });

function refuses(action: () => unknown, code: string, path?: string): void {
  assert.throws(action, (error) => {
    assert.ok(isMatchdError(error), String(error));
    assert.equal(error.code, code, error.message);
    if (path !== undefined) assert.equal(error.details['path'], path, error.message);
    return true;
  });
}

test('relaxation: steps and a linear ramp, whichever is more relaxed', () => {
  const threshold = {
    start: 0.9,
    steps: [{ afterMs: 10_000, value: 0.7 }],
    linear: { perSecond: 0.01, limit: 0.5 },
  };
  assert.equal(relaxedValue(threshold, 0, 'down'), 0.9);
  assert.ok(Math.abs(relaxedValue(threshold, 5_000, 'down') - 0.85) < 1e-12, 'linear');
  assert.equal(relaxedValue(threshold, 10_000, 'down'), 0.7);
  assert.ok(Math.abs(relaxedValue(threshold, 30_000, 'down') - 0.6) < 1e-12, 'linear again');
  assert.equal(relaxedValue(threshold, 90_000, 'down'), 0.5);
  assert.equal(waitUntilRelaxedTo(threshold, 0.7, 0, 'down'), 10_000);
  assert.equal(waitUntilRelaxedTo({ start: 50, linear: { perSecond: 10, limit: 200 } }, 100, 0, 'up'), 5_000);
  assert.equal(waitUntilRelaxedTo({ start: 0.9 }, 0.5, 0, 'down'), Infinity);
});

test('bad tickets are refused with the field named, and the pool does not change', () => {
  const mm = make(twoVersusTwo('continuous'));
  mm.enqueue(solo('a', 1500), 0);
  const before = JSON.stringify(mm.exportSnapshot());
  refuses(() => mm.enqueue(solo('b', Number.NaN), 1), 'MM_ERR_INVALID_TICKET', 'players[0].rating');
  refuses(() => mm.enqueue({ ticketId: 'b', players: [] }, 1), 'MM_ERR_INVALID_TICKET', 'players');
  refuses(() => mm.enqueue(solo('a', 1500), 1), 'MM_ERR_DUPLICATE_TICKET', 'ticketId');
  refuses(() => mm.enqueue({ ...solo('a', 1500), ticketId: 'c' }, 1), 'MM_ERR_PLAYER_ALREADY_QUEUED');
  refuses(
    () => mm.enqueue(solo('b', 1500, { pingMsByRegion: { eu: -5 } }), 1),
    'MM_ERR_INVALID_TICKET',
    'players[0].pingMsByRegion.eu',
  );
  refuses(
    () => mm.enqueue(solo('b', 1500, { favouriteColour: 'red' }), 1),
    'MM_ERR_INVALID_TICKET',
    'players[0].favouriteColour',
  );
  refuses(
    () => mm.enqueue(solo('b', 1500, { gamesPlayed: 2 }), 1),
    'MM_ERR_GATE_REJECTED',
    'players[0].gamesPlayed',
  );
  refuses(
    () => mm.enqueue(solo('b', 1500, { roles: ['coach'] }), 1),
    'MM_ERR_GATE_REJECTED',
    'players[0].roles',
  );
  const trio = { ticketId: 'p', players: ['x', 'y', 'z'].map((id) => solo(id, 1500).players[0]!) };
  refuses(() => mm.enqueue(trio, 1), 'MM_ERR_PARTY_TOO_LARGE', 'players');
  refuses(() => mm.cancel('nobody', 1), 'MM_ERR_TICKET_NOT_FOUND');
  refuses(() => mm.accept('a', 'a', 1), 'MM_ERR_INVALID_TICKET_STATE');
  mm.tick(10);
  refuses(() => mm.tick(5), 'MM_ERR_TIME_WENT_BACKWARDS', 'nowMs');
  refuses(() => mm.enqueue(solo('b', 1500), Number.POSITIVE_INFINITY), 'MM_ERR_INVALID_OPTION', 'nowMs');
  const after = JSON.parse(JSON.stringify(mm.exportSnapshot()));
  assert.deepEqual({ ...after, lastTickMs: 0 }, { ...JSON.parse(before), lastTickMs: 0 });
});

test('continuous: a close pair matches at once; a lopsided one waits, relaxes, then is forced at the maximum wait', () => {
  const mm = make(oneVersusOne({ threshold: { start: 0.7, linear: { perSecond: 0.01, limit: 0.3 } } }));
  mm.enqueue(solo('a', 1500), 0);
  mm.enqueue(solo('b', 1510), 0);
  const first = matched(mm.tick(0));
  assert.equal(first.length, 1);
  assert.equal(first[0]?.match.forced, false);
  mm.enqueue(solo('c', 1500), 1_000);
  mm.enqueue(solo('d', 2100), 1_000);
  assert.equal(matched(mm.tick(2_000)).length, 0);
  const status = mm.status('c', 2_000);
  assert.equal(status.state, 'searching');
  assert.equal(status.explanation?.bestCandidate?.belowThreshold[0]?.criterion, 'team-balance');
  assert.deepEqual([...(status.explanation?.bestCandidate?.rejectedBy ?? [])].sort(), ['c', 'd']);
  let formed: MatchmakerEffect[] = [];
  let now = 2_000;
  while (formed.length === 0 && now < 120_000) {
    now += 1_000;
    formed = matched(mm.tick(now));
  }
  // Team balance scores 0 for an 85% favourite: only the maximum wait (60 s) forms it.
  assert.equal(now, 61_000);
  assert.equal(formed[0]?.kind === 'matched' && formed[0].match.forced, true);
  assert.equal(mm.status('c', now).state, 'matched');
});

test('handshake: a ticket with its own stricter minimum is not matched by a partner who would accept', () => {
  const mm = make(
    oneVersusOne({ threshold: { start: 0.5 }, criteria: [{ kind: 'team-balance', weight: 1 }] }),
  );
  mm.enqueue({ ...solo('pro', 1500), minQuality: 0.99 }, 0);
  mm.enqueue(solo('casual', 1530), 0);
  assert.equal(matched(mm.tick(1_000)).length, 0);
  assert.deepEqual(mm.status('pro', 1_000).explanation?.bestCandidate?.rejectedBy, ['pro']);
  mm.enqueue(solo('peer', 1501), 2_000);
  const formed = matched(mm.tick(2_000));
  assert.deepEqual(
    formed.map((effect) => effect.match.teams.map((team) => team.ticketIds[0]).sort()),
    [['peer', 'pro']],
  );
});

test('low-priority tickets meet only each other', () => {
  const mm = make(oneVersusOne({ threshold: { start: 0 } }));
  mm.enqueue(solo('lp1', 1500, { lowPriority: true }), 0);
  mm.enqueue(solo('n1', 1500), 0);
  assert.equal(matched(mm.tick(0)).length, 0);
  mm.enqueue(solo('lp2', 1900, { lowPriority: true }), 0);
  mm.enqueue(solo('n2', 1900), 0);
  const pairs = matched(mm.tick(0)).map((effect) =>
    effect.match.teams
      .map((team) => team.ticketIds[0])
      .sort()
      .join('+'),
  );
  assert.deepEqual(pairs.sort(), ['lp1+lp2', 'n1+n2']);
});

test('fairness floor: no match whose favourite exceeds the bound, not even past the maximum wait', () => {
  const mm = make(oneVersusOne({ objective: { kind: 'quality', maxFavouriteWinProbability: 0.6 } }));
  mm.enqueue(solo('a', 1500), 0);
  mm.enqueue(solo('b', 1800), 0);
  for (let now = 0; now <= 200_000; now += 10_000) assert.equal(matched(mm.tick(now)).length, 0);
  const heldBy = mm.status('a', 200_000).explanation?.bestCandidate?.heldBy ?? [];
  assert.deepEqual(
    heldBy.map((hold) => hold.limit),
    ['fairness-floor'],
  );
  assert.match(heldBy[0]?.detail ?? '', /favourite would win 84\.9% \(fairness floor 60\.0%\)/);
});

test('acceptance: a decliner leaves, the others return keeping their wait; a timeout removes who did not accept', () => {
  const config = twoVersusTwo('continuous', { acceptance: { timeoutMs: 10_000 }, threshold: { start: 0 } });
  const mm = make(config);
  const duo = (id: string, rating: number): TicketInput<EloRating> => ({
    ticketId: id,
    players: [`${id}1`, `${id}2`].map((playerId) => ({
      playerId,
      rating: { rating, games: 50, streak: 0 },
      gamesPlayed: 50,
    })),
  });
  mm.enqueue(duo('a', 1500), 0);
  mm.enqueue(duo('b', 1500), 1_000);
  const proposed = mm.tick(2_000).filter((effect) => effect.kind === 'proposed');
  assert.equal(proposed.length, 1);
  assert.equal(mm.status('a', 2_000).state, 'proposed');
  assert.deepEqual(mm.accept('a', 'a1', 3_000), []);
  const declined = mm.decline('b', 'b2', 4_000);
  assert.deepEqual(
    declined.map((effect) => effect.kind),
    ['returned', 'cancelled'].sort((x, y) => (x === 'returned' ? -1 : y === 'returned' ? 1 : 0)),
  );
  assert.equal(mm.status('b', 4_000).state, 'cancelled');
  const back = mm.status('a', 4_000);
  assert.equal(back.state, 'searching');
  assert.equal(back.waitMs, 4_000, 'a kept its wait');
  mm.enqueue(duo('c', 1500), 5_000);
  assert.equal(mm.tick(5_000).filter((effect) => effect.kind === 'proposed').length, 1);
  mm.accept('a', 'a1', 6_000);
  mm.accept('a', 'a2', 6_000);
  mm.accept('c', 'c1', 6_000);
  const timedOut = mm.tick(15_000);
  assert.deepEqual(
    timedOut.map((effect) => `${effect.kind}:${'ticketId' in effect ? effect.ticketId : ''}`).sort(),
    ['cancelled:c', 'returned:a'],
  );
  mm.enqueue(duo('d', 1500), 16_000);
  mm.tick(16_000);
  for (const id of ['a1', 'a2']) mm.accept('a', id, 17_000);
  mm.accept('d', 'd1', 17_000);
  const done = mm.accept('d', 'd2', 17_000);
  assert.equal(matched(done).length, 1);
  assert.equal(mm.status('d', 17_000).state, 'matched');
});

test('cancel and expiry end tickets; status remembers them', () => {
  const mm = make(
    oneVersusOne({
      expireAfterMs: 30_000,
      threshold: { start: 1 },
      mode: { kind: 'continuous', maxWaitMs: 100_000 },
    }),
  );
  mm.enqueue(solo('a', 1000), 0);
  mm.enqueue(solo('b', 2000), 0);
  assert.deepEqual(mm.cancel('a', 1_000), [{ kind: 'cancelled', ticketId: 'a', reason: 'cancelled' }]);
  assert.equal(mm.status('a', 1_000).state, 'cancelled');
  refuses(() => mm.cancel('a', 1_000), 'MM_ERR_INVALID_TICKET_STATE');
  assert.deepEqual(mm.tick(30_000), [{ kind: 'expired', ticketId: 'b', waitMs: 30_000 }]);
  assert.equal(mm.status('b', 30_000).state, 'expired');
  assert.deepEqual(mm.size(), { tickets: 0, players: 0 });
});

test('continuous ETA: median and 90th percentile of recent waits of similar tickets', () => {
  const mm = make(oneVersusOne({ threshold: { start: 0 } }));
  for (let i = 0; i < 10; i++) {
    mm.enqueue(solo(`x${i}`, 1500), i * 10_000);
    mm.tick(i * 10_000);
    mm.enqueue(solo(`y${i}`, 1500), i * 10_000 + 1_000 * (i + 1));
    mm.tick(i * 10_000 + 1_000 * (i + 1));
  }
  mm.enqueue(solo('new', 1510), 200_000);
  const eta = mm.status('new', 200_000).eta;
  assert.equal(eta?.kind, 'estimate');
  if (eta?.kind === 'estimate') {
    assert.equal(eta.samples, 20);
    // Waits: ten zeros (second arrivals) and 1..10 s (first arrivals): among waits > 0, median 5.5 s.
    assert.equal(eta.remainingMedianMs, 5_500);
    assert.ok(Math.abs(eta.remainingP90Ms - 9_100) < 1e-6, String(eta.remainingP90Ms));
  }
});

test('rounds: the next round time is every ticket ETA; the round runs then, or at the oldest ticket maximum wait', () => {
  const mm = make(twoVersusTwo('rounds', { threshold: { start: 0 } }));
  mm.enqueue(solo('a', 1500, { gamesPlayed: 10 }), 1_000);
  assert.deepEqual(mm.status('a', 1_000).eta, { kind: 'round', atMs: 16_000 });
  for (const id of ['b', 'c', 'd', 'e']) mm.enqueue(solo(id, 1500, { gamesPlayed: 10 }), 2_000);
  assert.equal(mm.tick(15_999).length, 0);
  const round = matched(mm.tick(16_000));
  assert.equal(round.length, 1);
  const left = ['a', 'b', 'c', 'd', 'e'].find((id) => mm.status(id, 16_000).state === 'searching') as string;
  assert.deepEqual(mm.status(left, 16_000).eta, { kind: 'round', atMs: 31_000 });
});

test('snapshot: export, restore, and the restored matchmaker continues exactly like the original', () => {
  const config = twoVersusTwo('continuous');
  const original = make(config, 42);
  const tickets = Array.from({ length: 30 }, (_, i) => solo(`t${i}`, 1300 + ((i * 37) % 400)));
  tickets.slice(0, 15).forEach((ticket, i) => {
    original.enqueue(ticket, i * 100);
  });
  original.tick(1_600);
  const snapshot = JSON.parse(JSON.stringify(original.exportSnapshot()));
  const restored = createMatchmaker({ config, ratingModel: elo, seed: 0, snapshot });
  const run = (mm: typeof original) => {
    const log: unknown[] = [];
    tickets.slice(15).forEach((ticket, i) => {
      mm.enqueue(ticket, 2_000 + i * 1_000);
      log.push(mm.tick(2_000 + i * 1_000));
    });
    log.push(mm.tick(60_000));
    return JSON.stringify(log);
  };
  assert.equal(run(restored), run(original));
});

test('exact selection pairs more tickets than longest-waiting-first greedy when they compete', () => {
  const pairsFormed = (selection: 'greedy' | 'exact') => {
    const mm = make(
      oneVersusOne({
        criteria: [{ kind: 'team-balance', weight: 1 }],
        threshold: { start: 0.84 },
        mode: { kind: 'continuous', maxWaitMs: 600_000, selection },
      }),
    );
    // A waits longest; its best partner B is also the only acceptable partner of C.
    mm.enqueue(solo('A', 1500), 0);
    mm.enqueue(solo('B', 1510), 1);
    mm.enqueue(solo('C', 1530), 2);
    mm.enqueue(solo('D', 1485), 3);
    return matched(mm.tick(10))
      .map((effect) =>
        effect.match.teams
          .map((team) => team.ticketIds[0])
          .sort()
          .join('+'),
      )
      .sort();
  };
  assert.deepEqual(pairsFormed('greedy'), ['A+B']);
  assert.deepEqual(pairsFormed('exact'), ['A+D', 'B+C']);
});

test('maxEvaluationsPerTick spreads a large due set over ticks, oldest first, losing nobody', () => {
  const mm = make(
    oneVersusOne({
      threshold: { start: 0 },
      mode: { kind: 'continuous', maxWaitMs: 60_000, maxEvaluationsPerTick: 2 },
    }),
  );
  for (let i = 0; i < 10; i++) mm.enqueue(solo(`t${i}`, 1500 + i), i);
  const perTick = [10, 11, 12, 13].map((now) => matched(mm.tick(now)));
  assert.deepEqual(
    perTick.map((effects) => effects.length),
    [2, 2, 1, 0],
  );
  // The two oldest were evaluated first.
  const first = perTick[0]?.flatMap((effect) => effect.match.teams.map((team) => team.ticketIds[0])) ?? [];
  assert.ok(first.includes('t0') && first.includes('t2'), first.join(','));
  assert.deepEqual(mm.size(), { tickets: 0, players: 0 });
});

test('a ticket id enqueued again after its match is judged by its new ratings, not a split remembered from its first stay', () => {
  const mm = make(twoVersusTwo('continuous', { threshold: { start: 0 } }));
  const teamsOf = (ratings: Record<string, number>, nowMs: number) => {
    for (const [id, rating] of Object.entries(ratings)) mm.enqueue(solo(id, rating), nowMs);
    const [effect] = matched(mm.tick(nowMs));
    assert.ok(effect !== undefined && effect.kind === 'matched');
    return effect.match.teams.map((team) => [...team.ticketIds].sort().join('+')).sort();
  };
  // Balanced teams pair each low rating with the high one that evens the sums.
  assert.deepEqual(teamsOf({ a: 1000, b: 1010, c: 2000, d: 2010 }, 0), ['a+d', 'b+c']);
  assert.deepEqual(teamsOf({ a: 1000, b: 1010, c: 2010, d: 2000 }, 1_000), ['a+c', 'b+d']);
});
