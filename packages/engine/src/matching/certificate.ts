/**
 * The optimality certificate of an exact pairing, checked independently of the solver (as networkx's
 * verifyOptimum checks van Rantwijk's algorithm), on the augmented problem of prepared-problem.ts:
 * - primal: `augmentedMate` is a perfect matching; the reported pairs, mates, unpaired tickets and
 *   totals agree with it; no forbidden pair is reported as a pair;
 * - dual feasibility: every pair's reduced cost c_ij - y_i - y_j + sum{z_B : i, j in B} >= -tol;
 *   every blossom is an odd set of >= 3 vertices with z_B >= 0, and the blossoms are laminar;
 * - complementary slackness: matched pairs have |reduced cost| <= tol; a blossom with z_B > 0 holds
 *   (|B| - 1) / 2 matched pairs.
 * Together these prove that no perfect matching of the augmented problem costs less than
 * (the pairing's cost - vertexCount / 2 * tol). tol = tolerance * the problem's cost scale (the largest
 * finite cost magnitude, and the big-M of forbidden pairs when there are any). Costs: O(n^2).
 */

import {
  augmentedCost,
  DEFAULT_PAIRING_TOLERANCE,
  preparePairingProblem,
  rawCost,
} from './prepared-problem.ts';
import { BlossomChains } from './pricing.ts';
import type { ExactPairing, PairingCertificateReport, PairingProblem } from './types.ts';

const MAX_REPORTED = 30;

/** Checks that `result` is an optimal pairing of `problem`, by its duals. */
export function verifyPairingCertificate(
  problem: PairingProblem,
  result: ExactPairing,
  options: { readonly tolerance?: number } = {},
): PairingCertificateReport {
  const prepared = preparePairingProblem(
    problem,
    result.objective,
    options.tolerance ?? DEFAULT_PAIRING_TOLERANCE,
  );
  const tol = prepared.tolerance * prepared.costScale;
  const violations: string[] = [];
  const fail = (message: string): void => {
    if (violations.length < MAX_REPORTED) violations.push(message);
  };
  const n = prepared.vertexCount;
  const { duals } = result;
  let worstReducedCost = 0;
  const report = (): PairingCertificateReport => ({
    ok: violations.length === 0,
    violations,
    worstReducedCost,
    absoluteTolerance: tol,
  });
  if (duals.vertexCount !== n || duals.augmentedMate.length !== n || duals.vertexDuals.length !== n) {
    fail(`dual solution has the wrong vertex count (expected ${n})`);
    return report();
  }
  if (duals.dummyVertex !== prepared.dummyVertex) fail('dummy vertex differs from the problem');
  if (duals.forbiddenPairCost !== prepared.forbiddenPairCost)
    fail('forbidden pair cost differs from the problem');
  const mate = duals.augmentedMate;
  for (let v = 0; v < n; v++) {
    const w = mate[v]!;
    if (w < 0 || w >= n || w === v || mate[w] !== v) fail(`augmented matching is not perfect at vertex ${v}`);
  }
  if (violations.length > 0) return report();
  checkPrimal(
    prepared.size,
    problem,
    result,
    (i, j) => rawCost(prepared, i, j),
    prepared.leaveOut,
    fail,
    tol,
  );

  const laminarProblem = checkBlossoms(n, duals.blossoms, mate, fail, tol);
  if (laminarProblem) return report();
  const y = duals.vertexDuals;
  // NaN compares false with everything, so non-finite duals must be rejected explicitly.
  for (let v = 0; v < n; v++) if (!Number.isFinite(y[v])) fail(`vertex ${v} has a non-finite dual ${y[v]}`);
  for (const [b, blossom] of duals.blossoms.entries()) {
    if (!Number.isFinite(blossom.dual)) fail(`blossom ${b} has a non-finite dual ${blossom.dual}`);
  }
  if (violations.length > 0) return report();
  const chains = new BlossomChains(n, duals.blossoms);
  let primal = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const cost = augmentedCost(prepared, i, j);
      const rc = cost - y[i]! - y[j]! + chains.common(i, j);
      if (rc < worstReducedCost) worstReducedCost = rc;
      if (!(rc >= -tol)) fail(`pair (${i}, ${j}) has reduced cost ${rc} < -${tol}`);
      if (mate[i] === j) {
        primal += cost;
        if (!(Math.abs(rc) <= tol)) fail(`matched pair (${i}, ${j}) is not tight: reduced cost ${rc}`);
      }
    }
  }
  let dualObjective = 0;
  for (let v = 0; v < n; v++) dualObjective += y[v]!;
  for (const blossom of duals.blossoms) dualObjective -= (blossom.dual * (blossom.members.length - 1)) / 2;
  if (!(Math.abs(primal - dualObjective) <= (n / 2 + 1) * tol)) {
    fail(`primal cost ${primal} and dual objective ${dualObjective} differ`);
  }
  return report();
}

function checkPrimal(
  size: number,
  problem: PairingProblem,
  result: ExactPairing,
  raw: (i: number, j: number) => number,
  leaveOut: Float64Array,
  fail: (message: string) => void,
  tol: number,
): void {
  const mate = result.duals.augmentedMate;
  if (result.mate.length !== size) fail('mate has the wrong length');
  let pairCost = 0;
  let leaveOutCost = 0;
  const unpaired: number[] = [];
  let pairCount = 0;
  for (let i = 0; i < size; i++) {
    const j = mate[i]!;
    const allowed = j < size && raw(Math.min(i, j), Math.max(i, j)) !== Number.POSITIVE_INFINITY;
    const expected = allowed ? j : -1;
    if (result.mate[i] !== expected) fail(`mate[${i}] is ${result.mate[i]}, the matching says ${expected}`);
    if (allowed && i < j) {
      pairCount++;
      pairCost += raw(i, j);
    }
    if (!allowed) {
      unpaired.push(i);
      leaveOutCost += leaveOut[i]!;
    }
  }
  if (result.pairs.length !== pairCount)
    fail(`${result.pairs.length} pairs reported, ${pairCount} in the matching`);
  for (const [i, j] of result.pairs)
    if (!(i < j && result.mate[i] === j)) fail(`pair [${i}, ${j}] is not in mate`);
  if (unpaired.join() !== result.unpaired.join()) fail('unpaired list differs from the matching');
  const scale = (size + 1) * tol;
  if (Math.abs(pairCost - result.pairCost) > scale) fail(`pairCost ${result.pairCost} should be ${pairCost}`);
  if (Math.abs(leaveOutCost - result.leaveOutCost) > scale) fail(`leaveOutCost should be ${leaveOutCost}`);
  if (problem.size !== size) fail('problem size differs');
}

/** Checks each blossom (odd, >= 3, dual >= 0, full when positive) and laminarity; true if unusable. */
function checkBlossoms(
  n: number,
  blossoms: ExactPairing['duals']['blossoms'],
  mate: Int32Array,
  fail: (message: string) => void,
  tol: number,
): boolean {
  let unusable = false;
  const innermost = new Int32Array(n).fill(-1);
  const order = blossoms
    .map((_, b) => b)
    .sort((a, b) => blossoms[b]!.members.length - blossoms[a]!.members.length);
  const inside = new Uint8Array(n);
  for (const b of order) {
    const { members, dual } = blossoms[b]!;
    if (members.length < 3 || members.length % 2 === 0) fail(`blossom ${b} has ${members.length} members`);
    if (!(dual >= -tol)) fail(`blossom ${b} has negative dual ${dual}`);
    let enclosing: number | undefined;
    for (const v of members) {
      if (!(Number.isInteger(v) && v >= 0 && v < n)) {
        fail(`blossom ${b} has an invalid member ${v}`);
        return true;
      }
      if (enclosing === undefined) enclosing = innermost[v]!;
      else if (innermost[v] !== enclosing) {
        fail(`blossoms are not laminar at blossom ${b}`);
        unusable = true;
      }
    }
    for (const v of members) {
      innermost[v] = b;
      inside[v] = 1;
    }
    let internal = 0;
    for (const v of members) if (inside[mate[v]!] === 1) internal++;
    for (const v of members) inside[v] = 0;
    if (dual > tol && internal / 2 !== (members.length - 1) / 2)
      fail(`blossom ${b} has positive dual but is not full`);
  }
  return unusable;
}
