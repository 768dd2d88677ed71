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
}

/** Bytes 0..15 of the kernels' memory hold bestTwo's second least and column; data starts here. */
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
 * An n x n matrix and n prices with scans over them. With the 'wasm' kernel both live in the
 * kernels' memory, which the next workspace of this thread reuses: use one workspace at a time.
 */
export class RowScanWorkspace {
  readonly n: number;
  readonly kernel: RowScanKernel;
  /** Row-major n x n; fill it before scanning. */
  readonly matrix: Float64Array;
  readonly price: Float64Array;
  /** Set by bestTwo: the second least value (equal to the least on a tie) and the least's first column. */
  second = Number.POSITIVE_INFINITY;
  bestColumn = 0;
  private readonly exports: KernelExports | null;
  private readonly results: Float64Array | null;
  private readonly resultColumn: Int32Array | null;
  private readonly rowBytes: number;
  private readonly priceByte: number;

  constructor(n: number, kernel: RowScanKernel, exports: KernelExports | null) {
    this.n = n;
    this.kernel = kernel;
    this.exports = exports;
    this.rowBytes = 8 * n;
    this.priceByte = DATA_BYTE + 8 * n * n;
    if (exports === null) {
      this.matrix = new Float64Array(n * n);
      this.price = new Float64Array(n);
      this.results = null;
      this.resultColumn = null;
    } else {
      const needed = this.priceByte + 8 * n;
      const { memory } = exports;
      if (memory.buffer.byteLength < needed) {
        memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE_BYTES));
      }
      const buffer = memory.buffer;
      this.matrix = new Float64Array(buffer, DATA_BYTE, n * n);
      this.price = new Float64Array(buffer, this.priceByte, n);
      this.price.fill(0);
      this.results = new Float64Array(buffer, 0, 1);
      this.resultColumn = new Int32Array(buffer, 8, 1);
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
      this.bestColumn = this.resultColumn![0]!;
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
}

/** A workspace for an n x n matrix, its prices zeroed, on `kernel` (default: wasm where available). */
export function rowScanWorkspace(
  n: number,
  kernel: RowScanKernel = defaultRowScanKernel(),
): RowScanWorkspace {
  if (kernel === 'js') return new RowScanWorkspace(n, 'js', null);
  const exports = loadKernels();
  if (exports === null) throw new Error('row scans: this host cannot run WebAssembly');
  return new RowScanWorkspace(n, 'wasm', exports);
}
