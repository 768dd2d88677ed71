/**
 * Row scans of a dense n x n matrix against a price vector: for row i, the least of
 * matrix[i][j] + price[j] over j, with the second least and the first column holding the least.
 * These are the inner loops of the dense assignment (dense-assignment.ts), so they run in the
 * WebAssembly SIMD kernels of row-scan.wat when the host has WebAssembly (every browser and Node
 * does), and in the plain loops below otherwise. The plain loops are also the reference the kernels
 * are tested against (row-scan.test.ts): both give the same results, bit for bit.
 */

import { ROW_SCAN_WASM_HEX } from './row-scan.wasm.ts';

/** Which implementation runs the scans. */
export type RowScanKernel = 'wasm' | 'js';

/** The part of the WebAssembly JS API the kernels need (the engine is typed without DOM or Node). */
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: KernelExports };
}

interface KernelExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  least(rowByte: number, priceByte: number, n: number): number;
  bestTwo(rowByte: number, priceByte: number, n: number): number;
  relax(
    rowByte: number,
    priceByte: number,
    distByte: number,
    predByte: number,
    biasByte: number,
    n: number,
    offset: number,
    from: number,
  ): number;
  below(rowByte: number, priceByte: number, n: number, threshold: number, outByte: number): number;
}

/**
 * Bytes 0..15 of the kernels' memory hold results (bestTwo: second least at 0, column at 8; relax:
 * least free key at 0, least column at 8, free column at 12); the workspace's arrays start here.
 */
const DATA_BYTE = 16;
const PAGE_BYTES = 65536;

let kernels: KernelExports | null | undefined;

/** The kernels of this thread, instantiated once; null when the host cannot run them. */
function loadKernels(): KernelExports | null {
  if (kernels !== undefined) return kernels;
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  kernels = null;
  if (api !== undefined) {
    try {
      kernels = new api.Instance(new api.Module(hexBytes(ROW_SCAN_WASM_HEX)), {}).exports;
    } catch {
      // A host that forbids compiling WebAssembly (a strict content security policy) gets the loops.
      kernels = null;
    }
  }
  return kernels;
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let k = 0; k < bytes.length; k++) bytes[k] = Number.parseInt(hex.slice(2 * k, 2 * k + 2), 16);
  return bytes;
}

/** The kernel rowScanWorkspace picks when none is asked for. */
export function defaultRowScanKernel(): RowScanKernel {
  return loadKernels() === null ? 'js' : 'wasm';
}

/**
 * An n x n matrix and n prices with scans over them, and the per-column arrays of a dense Dijkstra
 * over columns (relax). With the 'wasm' kernel all of them live in the kernels' memory, which the
 * next workspace of this thread reuses: use one workspace at a time.
 */
export class RowScanWorkspace {
  readonly n: number;
  readonly kernel: RowScanKernel;
  /** Row-major n x n; fill it before scanning. */
  readonly matrix: Float64Array;
  readonly price: Float64Array;
  /** Dijkstra's distance per column; -Infinity marks a settled column. */
  readonly dist: Float64Array;
  /** The row each column was last reached from (an integer held in a double, for the SIMD lanes). */
  readonly pred: Float64Array;
  /** 0 for a column no row holds, +Infinity for a held one: relax looks for free columns through it. */
  readonly bias: Float64Array;
  /** A second price vector, for scans under other duals than the assignment's (below). */
  readonly shift: Float64Array;
  /** The columns `below` found, in order. */
  readonly hits: Int32Array;
  /** Set by relax: the first open column at the least distance; the least dist + bias, and its column. */
  leastColumn = 0;
  freeLeast = Number.POSITIVE_INFINITY;
  freeColumn = 0;
  /** Set by bestTwo: the second least value (equal to the least on a tie) and the least's first column. */
  second = Number.POSITIVE_INFINITY;
  bestColumn = 0;
  private readonly exports: KernelExports | null;
  private readonly results: Float64Array | null;
  private readonly resultColumns: Int32Array | null;
  private readonly rowBytes: number;
  private readonly priceByte: number;
  private readonly distByte: number;
  private readonly predByte: number;
  private readonly biasByte: number;
  private readonly shiftByte: number;
  private readonly hitsByte: number;

  constructor(n: number, kernel: RowScanKernel, exports: KernelExports | null) {
    this.n = n;
    this.kernel = kernel;
    this.exports = exports;
    this.rowBytes = 8 * n;
    this.priceByte = DATA_BYTE + 8 * n * n;
    this.distByte = this.priceByte + 8 * n;
    this.predByte = this.distByte + 8 * n;
    this.biasByte = this.predByte + 8 * n;
    this.shiftByte = this.biasByte + 8 * n;
    this.hitsByte = this.shiftByte + 8 * n;
    if (exports === null) {
      this.matrix = new Float64Array(n * n);
      this.price = new Float64Array(n);
      this.dist = new Float64Array(n);
      this.pred = new Float64Array(n);
      this.bias = new Float64Array(n);
      this.shift = new Float64Array(n);
      this.hits = new Int32Array(n);
      this.results = null;
      this.resultColumns = null;
    } else {
      const needed = this.hitsByte + 4 * n;
      const { memory } = exports;
      if (memory.buffer.byteLength < needed) {
        memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE_BYTES));
      }
      const buffer = memory.buffer;
      this.matrix = new Float64Array(buffer, DATA_BYTE, n * n);
      this.price = new Float64Array(buffer, this.priceByte, n);
      this.dist = new Float64Array(buffer, this.distByte, n);
      this.pred = new Float64Array(buffer, this.predByte, n);
      this.bias = new Float64Array(buffer, this.biasByte, n);
      this.shift = new Float64Array(buffer, this.shiftByte, n);
      this.hits = new Int32Array(buffer, this.hitsByte, n);
      // Zeroed like fresh arrays: the memory still holds the last workspace's values.
      for (const reused of [this.price, this.dist, this.pred, this.bias, this.shift, this.hits])
        reused.fill(0);
      this.results = new Float64Array(buffer, 0, 1);
      this.resultColumns = new Int32Array(buffer, 8, 2);
    }
  }

  /** min over j of matrix[i][j] + price[j] (+Infinity when n = 0). */
  least(i: number): number {
    const exports = this.exports;
    if (exports !== null) return exports.least(DATA_BYTE + i * this.rowBytes, this.priceByte, this.n);
    const { matrix, price, n } = this;
    const row = i * n;
    let least = Number.POSITIVE_INFINITY;
    for (let j = 0; j < n; j++) {
      const value = matrix[row + j]! + price[j]!;
      if (value < least) least = value;
    }
    return least;
  }

  /**
   * min over j of matrix[i][j] + price[j]; sets `second` (the least over the other columns) and
   * `bestColumn` (the first column holding the least; 0 if every value is +Infinity).
   */
  bestTwo(i: number): number {
    const exports = this.exports;
    if (exports !== null) {
      const best = exports.bestTwo(DATA_BYTE + i * this.rowBytes, this.priceByte, this.n);
      this.second = this.results![0]!;
      this.bestColumn = this.resultColumns![0]!;
      return best;
    }
    const { matrix, price, n } = this;
    const row = i * n;
    let best = Number.POSITIVE_INFINITY;
    let second = Number.POSITIVE_INFINITY;
    let bestColumn = 0;
    for (let j = 0; j < n; j++) {
      const value = matrix[row + j]! + price[j]!;
      if (value < second) {
        if (value < best) {
          second = best;
          best = value;
          bestColumn = j;
        } else {
          second = value;
        }
      }
    }
    this.second = second;
    this.bestColumn = bestColumn;
    return best;
  }

  /**
   * The columns j in [start, n) with matrix[i][j] + shift[j] < threshold, in order, into `hits`;
   * returns how many. Made for filters that almost every column fails.
   */
  below(i: number, start: number, threshold: number): number {
    const exports = this.exports;
    if (exports !== null) {
      const count = exports.below(
        DATA_BYTE + i * this.rowBytes + 8 * start,
        this.shiftByte + 8 * start,
        this.n - start,
        threshold,
        this.hitsByte,
      );
      // The kernel numbers columns from `start`.
      if (start > 0) for (let k = 0; k < count; k++) this.hits[k] = this.hits[k]! + start;
      return count;
    }
    const { matrix, shift, hits, n } = this;
    const row = i * n;
    let count = 0;
    for (let j = start; j < n; j++) {
      if (matrix[row + j]! + shift[j]! < threshold) hits[count++] = j;
    }
    return count;
  }

  /**
   * One step of a dense Dijkstra over columns: relaxes every open column through row `from`, whose
   * reduced costs are shifted by `offset` (d_j = (matrix[from][j] + price[j]) - offset; where
   * d_j < dist[j], dist[j] = d_j and pred[j] = from). Returns the least dist of an open column
   * (+Infinity if none) and sets `leastColumn`, `freeLeast` and `freeColumn` (first columns on ties).
   */
  relax(from: number, offset: number): number {
    const exports = this.exports;
    if (exports !== null) {
      const least = exports.relax(
        DATA_BYTE + from * this.rowBytes,
        this.priceByte,
        this.distByte,
        this.predByte,
        this.biasByte,
        this.n,
        offset,
        from,
      );
      this.freeLeast = this.results![0]!;
      this.leastColumn = this.resultColumns![0]!;
      this.freeColumn = this.resultColumns![1]!;
      return least;
    }
    const { matrix, price, dist, pred, bias, n } = this;
    const row = from * n;
    let least = Number.POSITIVE_INFINITY;
    let leastColumn = 0;
    let freeLeast = Number.POSITIVE_INFINITY;
    let freeColumn = 0;
    for (let j = 0; j < n; j++) {
      const d = matrix[row + j]! + price[j]! - offset;
      let current = dist[j]!;
      if (d < current) {
        current = d;
        dist[j] = d;
        pred[j] = from;
      }
      if (current === Number.NEGATIVE_INFINITY) continue;
      if (current < least) {
        least = current;
        leastColumn = j;
      }
      const key = current + bias[j]!;
      if (key < freeLeast) {
        freeLeast = key;
        freeColumn = j;
      }
    }
    this.leastColumn = leastColumn;
    this.freeLeast = freeLeast;
    this.freeColumn = freeColumn;
    return least;
  }
}

/** A workspace for an n x n matrix (contents unspecified), other arrays zeroed, on `kernel` (default: wasm where available). */
export function rowScanWorkspace(
  n: number,
  kernel: RowScanKernel = defaultRowScanKernel(),
): RowScanWorkspace {
  if (kernel === 'js') return new RowScanWorkspace(n, 'js', null);
  const exports = loadKernels();
  if (exports === null) throw new Error('row scans: this host cannot run WebAssembly');
  return new RowScanWorkspace(n, 'wasm', exports);
}
