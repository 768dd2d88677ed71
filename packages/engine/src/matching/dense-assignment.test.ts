import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Random } from '../random.ts';
import { solveDenseAssignment } from './dense-assignment.ts';
import { fractionalJumpStart } from './fractional-start.ts';
import { type RowScanKernel, rowScanWorkspace } from './row-scan.ts';

/** Both implementations of the row scans: the WebAssembly kernels and the plain loops. */
const KERNELS: readonly RowScanKernel[] = ['wasm', 'js'];

/** A symmetric matrix with +Infinity on the diagonal, as the augmented pairing problem has. */
function symmetricMatrix(n: number, cost: (i: number, j: number) => number): Float64Array {
  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    matrix[i * n + i] = Number.POSITIVE_INFINITY;
    for (let j = i + 1; j < n; j++) {
      const c = cost(i, j);
      matrix[i * n + j] = c;
      matrix[j * n + i] = c;
    }
  }
  return matrix;
}

/** The least total of any permutation, by trying them all (n <= 8). */
function bruteForceAssignment(matrix: Float64Array, n: number): number {
  const used = new Uint8Array(n);
  let best = Number.POSITIVE_INFINITY;
  const visit = (row: number, total: number): void => {
    if (row === n) {
      best = Math.min(best, total);
      return;
    }
    for (let j = 0; j < n; j++) {
      if (used[j] === 1 || matrix[row * n + j] === Number.POSITIVE_INFINITY) continue;
      used[j] = 1;
      visit(row + 1, total + matrix[row * n + j]!);
      used[j] = 0;
    }
  };
  visit(0, 0);
  return best;
}

/** Solved on `kernel`: a permutation, duals feasible everywhere and tight on it; returns its total. */
function assertCertified(matrix: Float64Array, n: number, tolerance: number, kernel: RowScanKernel): number {
  const scan = rowScanWorkspace(n, kernel);
  scan.matrix.set(matrix);
  const { rowDuals, columnDuals, columnOf } = solveDenseAssignment(scan);
  assert.deepEqual(
    [...columnOf].sort((a, b) => a - b),
    Array.from({ length: n }, (_, j) => j),
    'not a permutation',
  );
  let total = 0;
  let dualTotal = 0;
  for (let i = 0; i < n; i++) {
    dualTotal += rowDuals[i]! + columnDuals[i]!;
    total += matrix[i * n + columnOf[i]!]!;
    for (let j = 0; j < n; j++) {
      const reduced = matrix[i * n + j]! - rowDuals[i]! - columnDuals[j]!;
      assert.ok(reduced >= -tolerance, `arc (${i}, ${j}) has reduced cost ${reduced}`);
    }
    const assigned = matrix[i * n + columnOf[i]!]! - rowDuals[i]! - columnDuals[columnOf[i]!]!;
    assert.ok(Math.abs(assigned) <= tolerance, `assigned arc of row ${i} is not tight: ${assigned}`);
  }
  // Feasible duals whose total equals the primal's prove it optimal (LP duality).
  assert.ok(Math.abs(total - dualTotal) <= n * tolerance, `primal ${total} vs dual ${dualTotal}`);
  return total;
}

test('the dense relaxation equals brute force over every permutation, ties and all-equal costs included', () => {
  const random = Random.fromSeed(71);
  for (let n = 2; n <= 8; n++) {
    for (let trial = 0; trial < 12; trial++) {
      const kind = trial % 4;
      const matrix = symmetricMatrix(n, () =>
        kind === 0 ? random.int(3) : kind === 1 ? 1 : kind === 2 ? random.uniform(-1, 1) : -random.int(4),
      );
      const best = bruteForceAssignment(matrix, n);
      for (const kernel of KERNELS) {
        const total = assertCertified(matrix, n, 1e-9, kernel);
        assert.ok(Math.abs(total - best) < 1e-9, `${kernel} n=${n} trial=${trial}`);
      }
    }
  }
});

test('agrees with the sparse relaxation on EOMM-like competitive costs and on uniform costs', () => {
  const random = Random.fromSeed(72);
  for (const n of [40, 121, 300]) {
    // EOMM-like: players of 4 churn classes; a pair's cost is (P - 1/2)(a_i - a_j), 0 within a class.
    const strength = Array.from({ length: n }, () => random.normal(0, 1));
    const churnClass = Array.from({ length: n }, () => random.pick([-0.174, -0.15, -0.134, -0.11]));
    const eommLike = symmetricMatrix(
      n,
      (i, j) => (1 / (1 + Math.exp(strength[j]! - strength[i]!)) - 0.5) * (churnClass[i]! - churnClass[j]!),
    );
    const uniform = symmetricMatrix(n, () => random.uniform(0, 1));
    for (const [matrix, kernel] of [eommLike, uniform].flatMap((m) => KERNELS.map((k) => [m, k] as const))) {
      const total = assertCertified(matrix, n, 1e-12, kernel);
      const from: number[] = [];
      const to: number[] = [];
      const cost: number[] = [];
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          from.push(i);
          to.push(j);
          cost.push(matrix[i * n + j]!);
        }
      }
      const sparse = fractionalJumpStart({
        vertexCount: n,
        edgeFrom: Int32Array.from(from),
        edgeTo: Int32Array.from(to),
        edgeCost: Float64Array.from(cost),
      });
      assert.ok(sparse !== undefined);
      let sparseTotal = 0;
      for (let i = 0; i < n; i++) sparseTotal += matrix[i * n + sparse.assignment.columnOf[i]!]!;
      assert.ok(Math.abs(total - sparseTotal) < 1e-9, `${kernel} n=${n}: ${total} vs ${sparseTotal}`);
    }
  }
});
