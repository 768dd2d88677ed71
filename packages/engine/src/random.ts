/**
 * A seeded pseudo-random generator whose whole state is a value, so that runs replay exactly:
 * the engine never calls Math.random. The generator is sfc32 (Chris Doty-Humphrey's Small Fast
 * Counting generator, 128-bit state, passes PractRand to 2^40+), seeded through splitmix32 so that
 * nearby integer seeds give unrelated streams.
 */

/** The four 32-bit words of sfc32's state. */
export type RandomState = readonly [number, number, number, number];

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | undefined;

  private constructor(state: RandomState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  /** A generator for an integer seed; the same seed always gives the same stream. */
  static fromSeed(seed: number): Random {
    if (!Number.isFinite(seed)) throw new RangeError('seed must be a finite number');
    const mix = splitmix32(Math.floor(seed) ^ Math.floor(seed / 2 ** 32));
    const random = new Random([mix(), mix(), mix(), mix()]);
    for (let i = 0; i < 12; i++) random.nextUint32();
    return random;
  }

  /** A generator that continues exactly where `state` was taken. */
  static fromState(state: RandomState): Random {
    return new Random(state);
  }

  /** The current state; `Random.fromState(r.state())` continues the same stream. */
  state(): RandomState {
    return [this.a, this.b, this.c, this.d];
  }

  /** An independent generator derived from this one (advances this one by four draws). */
  fork(): Random {
    return new Random([this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32() | 1]);
  }

  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1) with 53 random bits. */
  next(): number {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A uniform integer in [0, bound), without modulo bias. */
  int(bound: number): number {
    if (!Number.isInteger(bound) || bound <= 0) throw new RangeError('bound must be a positive integer');
    return Math.floor(this.next() * bound);
  }

  /** True with probability p. */
  bernoulli(p: number): boolean {
    return this.next() < p;
  }

  /** A normal draw (Marsaglia's polar method; the spare is kept for the next call). */
  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== undefined) {
      const spare = this.spareNormal;
      this.spareNormal = undefined;
      return mean + sd * spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.next() - 1;
      v = 2 * this.next() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const factor = Math.sqrt((-2 * Math.log(s)) / s);
    this.spareNormal = v * factor;
    return mean + sd * u * factor;
  }

  /** An exponential draw with the given mean (for arrival gaps). */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty array');
    return items[this.int(items.length)] as T;
  }

  /** An index drawn with probability proportional to `weights` (all >= 0, some > 0). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const weight of weights) total += weight;
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i] as number;
      if (target < 0) return i;
    }
    return weights.length - 1;
  }

  /** A new array with the items in uniformly random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const result = items.slice();
    for (let i = result.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const held = result[i] as T;
      result[i] = result[j] as T;
      result[j] = held;
    }
    return result;
  }
}
