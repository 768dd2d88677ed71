/**
 * The k smallest values offered, with their indices, kept in ascending order: each row's candidate
 * partners (least reduced cost) in the sparse solver. Insertion into a short sorted list, with the
 * common case (not among the k best) rejected by one comparison.
 */
export class LeastK {
  readonly values: Float64Array;
  readonly indices: Int32Array;
  readonly k: number;
  count = 0;

  constructor(k: number) {
    this.k = k;
    this.values = new Float64Array(k);
    this.indices = new Int32Array(k);
  }

  clear(): void {
    this.count = 0;
  }

  offer(value: number, index: number): void {
    const { values, indices, k } = this;
    if (this.count === k && value >= values[k - 1]!) return;
    let slot = this.count < k ? this.count++ : k - 1;
    while (slot > 0 && values[slot - 1]! > value) {
      values[slot] = values[slot - 1]!;
      indices[slot] = indices[slot - 1]!;
      slot--;
    }
    values[slot] = value;
    indices[slot] = index;
  }
}
