import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ErrorCodes, isMatchdError } from '../../errors.ts';
import { Random } from '../../random.ts';
import { formMatches } from './index.ts';
import { seededPool } from './test-support/seeded-pool.ts';
import type { FormMatchesOptions, ScoreMatch, SplitScorer } from './types.ts';

/**
 * An integer pair score (so that the full and the incremental sums are exact and the searches must
 * agree to the bit): the cross-team pair weights of the match minus the gap between the strongest and
 * the weakest team's rating sum, plus an offset that keeps it positive for sqrt-mean.
 */
function integerPairScore(ticketCount: number, seed: number) {
  const random = Random.fromSeed(seed);
  const rating = Array.from({ length: ticketCount }, () => random.int(101));
  const weight = new Int32Array(ticketCount * ticketCount);
  for (let a = 0; a < ticketCount; a++) {
    for (let b = a + 1; b < ticketCount; b++) {
      const w = random.int(51);
      weight[a * ticketCount + b] = w;
      weight[b * ticketCount + a] = w;
    }
  }
  const pair = (a: number, b: number) => weight[a * ticketCount + b] as number;
  const OFFSET = 100_000;
  const scoreMatch: ScoreMatch = (teams) => {
    let cross = 0;
    const sums = teams.map((team) => team.reduce((sum, ticket) => sum + (rating[ticket] as number), 0));
    teams.forEach((team, t) => {
      for (const a of team)
        for (let u = t + 1; u < teams.length; u++) for (const b of teams[u] ?? []) cross += pair(a, b);
    });
    return OFFSET + cross - (Math.max(...sums) - Math.min(...sums));
  };
  /**
   * Keeps per team its members and the running sums after each member, so that a take-back restores
   * them exactly; refuses any take-back that is not the latest placed ticket (the contract's order).
   */
  const createSplitScorer = (teamCount: number): SplitScorer => {
    let tickets: readonly number[] = [];
    let allPairs = 0;
    const members: number[][] = [];
    const ratingAfter: number[][] = [];
    const withinAfter: number[][] = [];
    const placedOrder: number[] = [];
    return {
      begin(order) {
        tickets = order.slice();
        allPairs = 0;
        for (let x = 0; x < order.length; x++)
          for (let y = x + 1; y < order.length; y++) allPairs += pair(order[x] as number, order[y] as number);
        members.length = 0;
        ratingAfter.length = 0;
        withinAfter.length = 0;
        for (let team = 0; team < teamCount; team++) {
          members.push([]);
          ratingAfter.push([0]);
          withinAfter.push([0]);
        }
        placedOrder.length = 0;
      },
      place(position, team) {
        const ticket = tickets[position] as number;
        const list = members[team] as number[];
        let within = (withinAfter[team] as number[]).at(-1) as number;
        for (const other of list) within += pair(ticket, other);
        list.push(ticket);
        (ratingAfter[team] as number[]).push(
          ((ratingAfter[team] as number[]).at(-1) as number) + (rating[ticket] as number),
        );
        (withinAfter[team] as number[]).push(within);
        placedOrder.push(position);
      },
      unplace(position, team) {
        if (placedOrder.pop() !== position) throw new Error('unplace: not the latest placed ticket');
        if ((members[team] as number[]).pop() !== tickets[position])
          throw new Error('unplace: not on that team');
        (ratingAfter[team] as number[]).pop();
        (withinAfter[team] as number[]).pop();
      },
      score() {
        if (placedOrder.length !== tickets.length) throw new Error('score: a ticket is not placed');
        let within = 0;
        let most = Number.NEGATIVE_INFINITY;
        let least = Number.POSITIVE_INFINITY;
        for (let team = 0; team < teamCount; team++) {
          within += (withinAfter[team] as number[]).at(-1) as number;
          const sum = (ratingAfter[team] as number[]).at(-1) as number;
          most = Math.max(most, sum);
          least = Math.min(least, sum);
        }
        return OFFSET + allPairs - within - (most - least);
      },
    };
  };
  return { scoreMatch, createSplitScorer };
}

const SHAPES = [
  { teamCount: 2, teamSize: 3, players: 31, maxParty: 3 },
  { teamCount: 2, teamSize: 5, players: 43, maxParty: 3 },
  { teamCount: 3, teamSize: 2, players: 25, maxParty: 2 },
  { teamCount: 2, teamSize: 4, players: 30, maxParty: 4 },
];

describe('formMatches with a splitScorer', () => {
  it('finds exactly the round of the plain scoreMatch search (same seed, every method and aggregate)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHAPES),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom('restarts' as const, 'annealing' as const),
        fc.constantFrom('mean' as const, 'sqrt-mean' as const),
        (shape, poolSeed, searchSeed, method, aggregate) => {
          const tickets = seededPool(poolSeed, shape.players, shape.maxParty);
          const { scoreMatch, createSplitScorer } = integerPairScore(tickets.length, poolSeed);
          const options: FormMatchesOptions = {
            tickets,
            teamCount: shape.teamCount,
            teamSize: shape.teamSize,
            scoreMatch,
            random: Random.fromSeed(searchSeed),
            method,
            aggregate,
            maxRestarts: 3,
            maxIterations: 400,
          };
          const plain = formMatches(options);
          const incremental = formMatches({
            ...options,
            random: Random.fromSeed(searchSeed),
            splitScorer: createSplitScorer(shape.teamCount),
          });
          assert.deepEqual(incremental.matches, plain.matches);
          assert.deepEqual(incremental.leftOut, plain.leftOut);
          assert.equal(incremental.objective, plain.objective);
          assert.equal(incremental.evaluations, plain.evaluations);
          assert.equal(incremental.steps, plain.steps);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('rejects a non-finite split score with INVALID_OPTION naming splitScorer.score', () => {
    const tickets = seededPool(3, 12, 1);
    const { scoreMatch, createSplitScorer } = integerPairScore(tickets.length, 3);
    const broken = { ...createSplitScorer(2), score: () => Number.NaN };
    assert.throws(
      () =>
        formMatches({
          tickets,
          teamCount: 2,
          teamSize: 3,
          scoreMatch,
          splitScorer: broken,
          random: Random.fromSeed(1),
          maxRestarts: 1,
        }),
      (error: unknown) =>
        isMatchdError(error) &&
        error.code === ErrorCodes.INVALID_OPTION &&
        error.details?.['path'] === 'splitScorer.score',
    );
  });

  it('rejects a splitScorer without its methods before any work', () => {
    const tickets = seededPool(4, 12, 1);
    const { scoreMatch, createSplitScorer } = integerPairScore(tickets.length, 4);
    const { place: _place, ...withoutPlace } = createSplitScorer(2);
    assert.throws(
      () =>
        formMatches({
          tickets,
          teamCount: 2,
          teamSize: 3,
          scoreMatch,
          splitScorer: withoutPlace as unknown as SplitScorer,
          random: Random.fromSeed(1),
          maxRestarts: 1,
        }),
      (error: unknown) =>
        isMatchdError(error) &&
        error.code === ErrorCodes.INVALID_OPTION &&
        error.details?.['path'] === 'splitScorer.place',
    );
  });
});
