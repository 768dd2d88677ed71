import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { generatedModule, WASM_SOURCES } from '../../../../scripts/build-wasm.ts';
import { Random } from '../random.ts';
import { defaultRowScanKernel, type RowScanWorkspace, rowScanWorkspace } from './row-scan.ts';

test('the committed kernel bytes are the compiled row-scan.wat (npm run build:wasm)', async () => {
  for (const source of WASM_SOURCES) {
    assert.equal(readFileSync(source.module, 'utf8'), await generatedModule(source), source.module);
  }
});

test('this host runs the WebAssembly kernels', () => {
  assert.equal(defaultRowScanKernel(), 'wasm');
});

/** Fills a workspace with values drawn to make ties, infinities and negative values common. */
function fill(scan: RowScanWorkspace, random: Random, style: number): void {
  const draw = (): number => {
    if (style === 0) return random.uniform(-1, 1);
    if (style === 1) return random.int(3) - 1;
    if (style === 2) return random.bernoulli(0.3) ? Number.POSITIVE_INFINITY : random.int(4);
    return 0.25;
  };
  for (let k = 0; k < scan.matrix.length; k++) scan.matrix[k] = draw();
  for (let j = 0; j < scan.n; j++) scan.price[j] = style === 3 ? 0 : draw() / 2;
}

/** A WebAssembly workspace and a plain one holding the same matrix and prices. */
function twins(n: number, random: Random, style: number): [RowScanWorkspace, RowScanWorkspace] {
  const wasm = rowScanWorkspace(n, 'wasm');
  fill(wasm, random, style);
  const plain = rowScanWorkspace(n, 'js');
  plain.matrix.set(wasm.matrix);
  plain.price.set(wasm.price);
  return [wasm, plain];
}

test('the WebAssembly kernels give the plain loops results bit for bit, ties and infinities included', () => {
  const random = Random.fromSeed(73);
  for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 64, 101, 500]) {
    for (let style = 0; style < 4; style++) {
      const [wasm, plain] = twins(n, random, style);
      for (let i = 0; i < n; i++) {
        const where = `n=${n} style=${style} row=${i}`;
        assert.equal(wasm.least(i), plain.least(i), where);
        assert.equal(wasm.bestTwo(i), plain.bestTwo(i), where);
        assert.equal(wasm.second, plain.second, where);
        assert.equal(wasm.bestColumn, plain.bestColumn, where);
      }
      if (n === 0) assert.equal(wasm.least(0), Number.POSITIVE_INFINITY);
    }
  }
});

test('the WebAssembly relax step gives the plain loop results bit for bit, settled and held columns included', () => {
  const random = Random.fromSeed(74);
  for (const n of [1, 2, 3, 4, 5, 7, 64, 101, 500]) {
    for (let style = 0; style < 4; style++) {
      const [wasm, plain] = twins(n, random, style);
      for (const scan of [wasm, plain]) scan.dist.fill(Number.POSITIVE_INFINITY);
      for (let j = 0; j < n; j++) {
        const held = random.bernoulli(0.7) ? Number.POSITIVE_INFINITY : 0;
        wasm.bias[j] = held;
        plain.bias[j] = held;
      }
      // A few Dijkstra-like steps: relax a row, settle a column, relax from another row.
      for (let step = 0; step < Math.min(n, 6); step++) {
        const from = random.int(n);
        const offset = step === 0 ? 0 : random.uniform(-1, 1);
        const where = `n=${n} style=${style} step=${step}`;
        assert.equal(wasm.relax(from, offset), plain.relax(from, offset), where);
        assert.equal(wasm.leastColumn, plain.leastColumn, where);
        assert.equal(wasm.freeLeast, plain.freeLeast, where);
        assert.equal(wasm.freeColumn, plain.freeColumn, where);
        assert.deepEqual([...wasm.dist], [...plain.dist], where);
        assert.deepEqual([...wasm.pred], [...plain.pred], where);
        const settle = random.int(n);
        wasm.dist[settle] = Number.NEGATIVE_INFINITY;
        plain.dist[settle] = Number.NEGATIVE_INFINITY;
      }
    }
  }
});

test('the WebAssembly filter finds the columns the plain loop finds, in order, from any start', () => {
  const random = Random.fromSeed(75);
  for (const n of [1, 2, 3, 4, 5, 6, 7, 9, 64, 101, 500]) {
    for (let style = 0; style < 4; style++) {
      const [wasm, plain] = twins(n, random, style);
      for (let j = 0; j < n; j++) {
        const shift = style === 3 ? 0 : random.uniform(-0.5, 0.5);
        wasm.shift[j] = shift;
        plain.shift[j] = shift;
      }
      for (let i = 0; i < n; i++) {
        const start = random.int(n + 1);
        const threshold = random.pick([-0.5, 0, 0.25, 0.5, Number.POSITIVE_INFINITY]);
        const count = wasm.below(i, start, threshold);
        const where = `n=${n} style=${style} row=${i} start=${start} threshold=${threshold}`;
        assert.equal(count, plain.below(i, start, threshold), where);
        assert.deepEqual([...wasm.hits.subarray(0, count)], [...plain.hits.subarray(0, count)], where);
      }
    }
  }
});

test('a workspace grows the kernel memory for a larger matrix and starts with zero prices', () => {
  const small = rowScanWorkspace(3, 'wasm');
  small.price.fill(7);
  const large = rowScanWorkspace(1500, 'wasm');
  assert.equal(large.matrix.length, 1500 * 1500);
  assert.ok(large.price.every((p) => p === 0));
  large.matrix.fill(2);
  large.matrix[1500 * 1499 + 1234] = -1;
  assert.equal(large.bestTwo(1499), -1);
  assert.equal(large.bestColumn, 1234);
  assert.equal(large.second, 2);
});
