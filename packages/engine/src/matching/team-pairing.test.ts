import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ErrorCodes, isMatchdError } from '../errors.ts';
import { Random } from '../random.ts';
import { pairTeams } from './team-pairing.ts';

/** The best pairing by exhaustion: most allowed pairs, then least pair plus leave-out cost. */
function bruteForcePairing(
  size: number,
  allowed: (a: number, b: number) => boolean,
  cost: (a: number, b: number) => number,
  leaveOut: readonly number[],
) {
  let best = { pairs: -1, total: Number.POSITIVE_INFINITY };
  const used = new Array<boolean>(size).fill(false);
  const visit = (pairs: number, total: number): void => {
    const first = used.indexOf(false);
    if (first < 0) {
      if (pairs > best.pairs || (pairs === best.pairs && total < best.total)) best = { pairs, total };
      return;
    }
    used[first] = true;
    visit(pairs, total + (leaveOut[first] as number));
    for (let other = first + 1; other < size; other++) {
      if (used[other] || !allowed(first, other)) continue;
      used[other] = true;
      visit(pairs + 1, total + cost(first, other));
      used[other] = false;
    }
    used[first] = false;
  };
  visit(0, 0);
  return best;
}

/** Alliances with offence/defence ratings, a member spread, a wait, and a threshold that relaxes with it. */
function alliances(seed: number, count: number) {
  const random = Random.fromSeed(seed);
  return Array.from({ length: count }, () => {
    const power = random.normal(10_000, 2_500);
    return {
      offence: power * random.uniform(0.9, 1.1),
      defence: power * random.uniform(0.9, 1.1),
      spread: random.uniform(0.05, 0.4),
      waitMs: random.uniform(0, 600_000),
    };
  });
}

type Alliance = ReturnType<typeof alliances>[number];

/** DomiNations' comparison: percentage deltas of offence and defence, plus the composition gap. */
function allianceGap(a: Alliance, b: Alliance): number {
  const percent = (x: number, y: number) => Math.abs(x - y) / ((x + y) / 2);
  return percent(a.offence, b.offence) + percent(a.defence, b.defence) + Math.abs(a.spread - b.spread);
}

describe('pairTeams (alliances, handshake as forbidden pairs)', () => {
  it('equals brute force on small pools, odd and even, with one-sided thresholds and refusals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (count, seed) => {
          const random = Random.fromSeed(seed);
          const teams = alliances(seed, count);
          const refuses = teams.map(() => teams.map(() => random.bernoulli(0.15)));
          const maxCost = teams.map((team) => 0.15 + 0.5 * (team.waitMs / 600_000));
          const leaveOut = teams.map((team) => team.waitMs / 60_000);
          const cost = (a: number, b: number) => allianceGap(teams[a] as Alliance, teams[b] as Alliance);
          const result = pairTeams({
            teamTotal: count,
            cost,
            accepts: (from, to) => !(refuses[from] as boolean[])[to],
            maxCost,
            leaveOutCost: leaveOut,
          });
          const allowed = (a: number, b: number) =>
            !(refuses[a] as boolean[])[b] &&
            !(refuses[b] as boolean[])[a] &&
            cost(a, b) <= (maxCost[a] as number) &&
            cost(a, b) <= (maxCost[b] as number);
          for (const [a, b] of result.pairs)
            assert.ok(allowed(a, b), `pair ${a}-${b} passes both handshakes`);
          const seen = [...result.pairs.flat(), ...result.unpaired].sort((x, y) => x - y);
          assert.deepEqual(
            seen,
            Array.from({ length: count }, (_, team) => team),
            'every team once',
          );
          const optimum = bruteForcePairing(count, allowed, cost, leaveOut);
          assert.equal(result.pairs.length, optimum.pairs, 'the most allowed pairs');
          const total =
            result.totalCost + result.unpaired.reduce((sum, team) => sum + (leaveOut[team] as number), 0);
          assert.ok(
            Math.abs(total - optimum.total) < 1e-9 * (1 + optimum.total),
            `${total} vs ${optimum.total}`,
          );
          const pairSum = result.pairs.reduce((sum, [a, b]) => sum + cost(a, b), 0);
          assert.ok(Math.abs(result.totalCost - pairSum) < 1e-9 * (1 + pairSum));
        },
      ),
      { numRuns: 200, seed: 5 },
    );
  });

  it('a team that nobody accepts, or that accepts nobody, stays unpaired', () => {
    const cost = [
      [0, 1, 2, 3],
      [1, 0, 1, 2],
      [2, 1, 0, 1],
      [3, 2, 1, 0],
    ];
    const result = pairTeams({ teamTotal: 4, cost, accepts: (from, to) => from !== 1 && to !== 2 });
    // Team 1 accepts nobody and nobody accepts team 2: only 0-3 is allowed.
    assert.deepEqual(result.pairs, [[0, 3]]);
    assert.deepEqual(result.unpaired, [1, 2]);
    assert.equal(result.totalCost, 3);
  });

  it('the cheapest perfect pairing when everyone accepts everyone', () => {
    const cost = [
      [0, 1, 5, 4],
      [1, 0, 4, 5],
      [5, 4, 0, 1],
      [4, 5, 1, 0],
    ];
    assert.deepEqual(pairTeams({ teamTotal: 4, cost }).pairs, [
      [0, 1],
      [2, 3],
    ]);
  });

  it('rejects bad input with typed errors', () => {
    const rejects = (run: () => unknown, code: string) =>
      assert.throws(run, (error) => isMatchdError(error) && error.code === code);
    rejects(() => pairTeams({ teamTotal: 2, cost: () => Number.NaN }), ErrorCodes.INVALID_COSTS);
    rejects(
      () => pairTeams({ teamTotal: 2, cost: () => Number.NEGATIVE_INFINITY }),
      ErrorCodes.INVALID_COSTS,
    );
    rejects(() => pairTeams({ teamTotal: -1, cost: () => 1 }), ErrorCodes.INVALID_OPTION);
    rejects(
      () =>
        pairTeams({
          teamTotal: 3,
          cost: [
            [0, 1],
            [1, 0],
          ],
        }),
      ErrorCodes.INVALID_OPTION,
    );
    rejects(() => pairTeams({ teamTotal: 2, cost: () => 1, maxCost: [1] }), ErrorCodes.INVALID_OPTION);
    rejects(
      () => pairTeams({ teamTotal: 2, cost: () => 1, maxCost: [1, Number.NaN] }),
      ErrorCodes.INVALID_OPTION,
    );
    rejects(
      () => pairTeams({ teamTotal: 2, cost: () => 1, leaveOutCost: [0, Number.POSITIVE_INFINITY] }),
      ErrorCodes.INVALID_OPTION,
    );
    rejects(() => pairTeams({ teamTotal: 2, cost: () => 1, accepts: [[true]] }), ErrorCodes.INVALID_OPTION);
  });
});
