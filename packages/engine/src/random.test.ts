import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Random } from './random.ts';

test('same seed gives the same stream; state resumes it exactly', () => {
  const first = Random.fromSeed(42);
  const second = Random.fromSeed(42);
  const drawsA = Array.from({ length: 100 }, () => first.next());
  const drawsB = Array.from({ length: 100 }, () => second.next());
  assert.deepEqual(drawsA, drawsB);
  const resumed = Random.fromState(first.state());
  assert.equal(resumed.next(), first.next());
  assert.notEqual(Random.fromSeed(43).next(), Random.fromSeed(42).next());
});

test('uniform draws have mean 1/2 and normal draws mean 0, sd 1', () => {
  const random = Random.fromSeed(7);
  let sum = 0;
  let sumNormal = 0;
  let sumSquares = 0;
  const count = 200_000;
  for (let i = 0; i < count; i++) {
    const value = random.next();
    assert.ok(value >= 0 && value < 1);
    sum += value;
    const normal = random.normal();
    sumNormal += normal;
    sumSquares += normal * normal;
  }
  assert.ok(Math.abs(sum / count - 0.5) < 0.005);
  assert.ok(Math.abs(sumNormal / count) < 0.01);
  assert.ok(Math.abs(sumSquares / count - 1) < 0.02);
});

test('int stays in range and shuffle keeps every item', () => {
  const random = Random.fromSeed(1);
  const counts = new Array<number>(6).fill(0);
  for (let i = 0; i < 60_000; i++) counts[random.int(6)]! += 1;
  for (const count of counts) assert.ok(Math.abs(count - 10_000) < 500);
  const items = Array.from({ length: 50 }, (_, i) => i);
  assert.deepEqual(
    random.shuffle(items).sort((a, b) => a - b),
    items,
  );
  assert.throws(() => random.int(0), RangeError);
});
