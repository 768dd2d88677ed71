import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ErrorCodes, isMatchdError } from '../errors.ts';
import { Random } from '../random.ts';
import { greedyPairing, randomPairing, sortedNeighbourPairing } from './baselines.ts';
import { exactPairing } from './exact-pairing.ts';
import type { PairingProblem } from './types.ts';

const ok = new Float64Array([0, 1, 2, 3, 1, 0, 4, 5, 2, 4, 0, 6, 3, 5, 6, 0]);

function throwsCode(run: () => unknown, code: string, path?: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(isMatchdError(error), `expected a MatchdError, got ${String(error)}`);
    assert.equal(error.code, code);
    const { path: actualPath } = error.details;
    if (path !== undefined) assert.equal(actualPath, path);
    return true;
  });
}

test('NaN and -Infinity costs are MM_ERR_INVALID_COSTS, for every solver', () => {
  for (const bad of [Number.NaN, Number.NEGATIVE_INFINITY]) {
    const costs = ok.slice();
    costs[1 * 4 + 2] = bad;
    costs[2 * 4 + 1] = bad;
    const problem: PairingProblem = { size: 4, costs };
    throwsCode(() => exactPairing(problem), ErrorCodes.INVALID_COSTS);
    throwsCode(() => greedyPairing(problem), ErrorCodes.INVALID_COSTS);
    throwsCode(() => randomPairing(problem, Random.fromSeed(1)), ErrorCodes.INVALID_COSTS);
    throwsCode(() => sortedNeighbourPairing(problem, [1, 2, 3, 4]), ErrorCodes.INVALID_COSTS);
    throwsCode(
      () => exactPairing({ size: 4, costs: (i, j) => (i === 1 && j === 3 ? bad : 1) }),
      ErrorCodes.INVALID_COSTS,
    );
  }
});

test('a matrix of the wrong length or an asymmetric one is MM_ERR_INVALID_COSTS', () => {
  throwsCode(() => exactPairing({ size: 4, costs: ok.slice(0, 15) }), ErrorCodes.INVALID_COSTS, 'costs');
  throwsCode(() => exactPairing({ size: 3, costs: ok }), ErrorCodes.INVALID_COSTS, 'costs');
  const asymmetric = ok.slice();
  asymmetric[0 * 4 + 3] = 3.5;
  throwsCode(() => exactPairing({ size: 4, costs: asymmetric }), ErrorCodes.INVALID_COSTS, 'costs[0][3]');
  const forbiddenOneWay = ok.slice();
  forbiddenOneWay[1] = Number.POSITIVE_INFINITY;
  throwsCode(() => exactPairing({ size: 4, costs: forbiddenOneWay }), ErrorCodes.INVALID_COSTS);
  // Rounding-level asymmetry (computing c(i, j) and c(j, i) separately) is accepted.
  const rounding = ok.slice();
  rounding[0 * 4 + 3] = 3 + 1e-13;
  assert.equal(exactPairing({ size: 4, costs: rounding }).pairs.length, 2);
  // A function returning a non-number is rejected too.
  throwsCode(
    () => exactPairing({ size: 4, costs: () => 'x' as unknown as number }),
    ErrorCodes.INVALID_COSTS,
  );
});

test('negative, fractional or missing sizes and bad options are MM_ERR_INVALID_OPTION', () => {
  throwsCode(() => exactPairing({ size: -2, costs: [] }), ErrorCodes.INVALID_OPTION, 'size');
  throwsCode(() => exactPairing({ size: 1.5, costs: [] }), ErrorCodes.INVALID_OPTION, 'size');
  const problem: PairingProblem = { size: 4, costs: ok };
  throwsCode(() => exactPairing(problem, { method: 'fast' as 'dense' }), ErrorCodes.INVALID_OPTION, 'method');
  throwsCode(
    () => exactPairing(problem, { objective: 'best' as 'min' }),
    ErrorCodes.INVALID_OPTION,
    'objective',
  );
  throwsCode(() => exactPairing(problem, { candidatesPerTicket: 0 }), ErrorCodes.INVALID_OPTION);
  throwsCode(
    () => exactPairing(problem, { relaxation: 'exact' as 'dense' }),
    ErrorCodes.INVALID_OPTION,
    'relaxation',
  );
  // A dense relaxation holds every pair in memory: past its limit it is refused, not attempted.
  throwsCode(
    () => exactPairing({ size: 2050, costs: () => 1 }, { method: 'sparse', relaxation: 'dense' }),
    ErrorCodes.INVALID_OPTION,
    'relaxation',
  );
  throwsCode(() => exactPairing(problem, { sortKeys: [1, 2, 3] }), ErrorCodes.INVALID_OPTION, 'sortKeys');
  throwsCode(() => exactPairing(problem, { sortKeys: [1, 2, Number.NaN, 4] }), ErrorCodes.INVALID_OPTION);
  throwsCode(() => exactPairing(problem, { tolerance: 0 }), ErrorCodes.INVALID_OPTION, 'tolerance');
  throwsCode(() => exactPairing({ ...problem, leaveOutCosts: [1, 2] }), ErrorCodes.INVALID_OPTION);
  throwsCode(
    () => exactPairing({ ...problem, leaveOutCosts: [1, 2, Number.NaN, 0] }),
    ErrorCodes.INVALID_COSTS,
  );
  throwsCode(() => sortedNeighbourPairing(problem, [1, 2]), ErrorCodes.INVALID_OPTION);
  throwsCode(() => greedyPairing(problem, { objective: 'worst' as 'max' }), ErrorCodes.INVALID_OPTION);
});

test('bad input is rejected before any cost is used: the cost function stops at the first bad value', () => {
  let calls = 0;
  const costs = (i: number, j: number) => {
    calls++;
    return i === 0 && j === 1 ? Number.NaN : 1;
  };
  throwsCode(() => exactPairing({ size: 50, costs }), ErrorCodes.INVALID_COSTS, 'costs[0][1]');
  assert.equal(calls, 1);
  // Option errors come before the costs are even read.
  calls = 0;
  throwsCode(
    () => exactPairing({ size: 50, costs }, { method: 'nope' as 'dense' }),
    ErrorCodes.INVALID_OPTION,
  );
  assert.equal(calls, 0);
});
