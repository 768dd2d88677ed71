;; Row scans of the dense assignment (dense-assignment.ts), in WebAssembly SIMD.
;;
;; Why: the auction and the shortest-path start read whole rows of reduced costs, cost[i][j] + price[j],
;; millions of times per EOMM pool; V8 runs that plain loop at 1-2 ns per element, these kernels at
;; about a third of that (two f64 lanes, two independent accumulators so the compare chains overlap).
;; Semantics are exactly those of the plain loop (row-scan.ts has it as the reference): the least
;; value, the second least (counting a tie as the second), and the first column holding the least.
;;
;; Source of row-scan.wasm.ts: `npm run build:wasm` compiles it (wabt); a test checks the two agree.
(module
  (memory (export "memory") 1)

  ;; Results of bestTwo: f64 second least at byte 0, i32 column of the least at byte 8.
  ;; Callers keep their data from byte 16 on.

  ;; The least of row[j] + price[j] for j < n (byte addresses), +inf when n = 0.
  (func (export "least") (param $row i32) (param $price i32) (param $n i32) (result f64)
    (local $j i32) (local $best v128) (local $best2 v128) (local $least f64)
    (local.set $best (f64x2.splat (f64.const inf)))
    (local.set $best2 (f64x2.splat (f64.const inf)))
    (block $wide_done
      (loop $wide
        (br_if $wide_done (i32.gt_u (i32.add (local.get $j) (i32.const 4)) (local.get $n)))
        (local.set $best (f64x2.pmin (local.get $best)
          (f64x2.add (v128.load (local.get $row)) (v128.load (local.get $price)))))
        (local.set $best2 (f64x2.pmin (local.get $best2)
          (f64x2.add (v128.load offset=16 (local.get $row)) (v128.load offset=16 (local.get $price)))))
        (local.set $row (i32.add (local.get $row) (i32.const 32)))
        (local.set $price (i32.add (local.get $price) (i32.const 32)))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $wide)))
    (local.set $best (f64x2.pmin (local.get $best) (local.get $best2)))
    (local.set $least (f64.min (f64x2.extract_lane 0 (local.get $best)) (f64x2.extract_lane 1 (local.get $best))))
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.ge_u (local.get $j) (local.get $n)))
        (local.set $least (f64.min (local.get $least)
          (f64.add (f64.load (local.get $row)) (f64.load (local.get $price)))))
        (local.set $row (i32.add (local.get $row) (i32.const 8)))
        (local.set $price (i32.add (local.get $price) (i32.const 8)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $tail)))
    (local.get $least))

  ;; The least of row[j] + price[j] for j < n; the second least at byte 0 and the first column of the
  ;; least at byte 8. Lanes: accumulator A sees columns 4k and 4k+1, accumulator B 4k+2 and 4k+3; each
  ;; keeps its first least (strict <), and merges prefer the lower column on equal values.
  (func (export "bestTwo") (param $row i32) (param $price i32) (param $n i32) (result f64)
    (local $j i32)
    (local $value v128) (local $less v128)
    (local $bestA v128) (local $secondA v128) (local $columnA v128) (local $indexA v128)
    (local $bestB v128) (local $secondB v128) (local $columnB v128) (local $indexB v128)
    (local $best f64) (local $second f64) (local $column i64) (local $other f64) (local $x f64)
    (local.set $bestA (f64x2.splat (f64.const inf)))
    (local.set $secondA (f64x2.splat (f64.const inf)))
    (local.set $bestB (f64x2.splat (f64.const inf)))
    (local.set $secondB (f64x2.splat (f64.const inf)))
    (local.set $indexA (v128.const i64x2 0 1))
    (local.set $indexB (v128.const i64x2 2 3))
    (block $wide_done
      (loop $wide
        (br_if $wide_done (i32.gt_u (i32.add (local.get $j) (i32.const 4)) (local.get $n)))
        (local.set $value (f64x2.add (v128.load (local.get $row)) (v128.load (local.get $price))))
        (local.set $less (f64x2.lt (local.get $value) (local.get $bestA)))
        (local.set $secondA (f64x2.pmin (local.get $secondA) (f64x2.pmax (local.get $bestA) (local.get $value))))
        (local.set $bestA (f64x2.pmin (local.get $bestA) (local.get $value)))
        (local.set $columnA (v128.bitselect (local.get $indexA) (local.get $columnA) (local.get $less)))
        (local.set $value (f64x2.add (v128.load offset=16 (local.get $row)) (v128.load offset=16 (local.get $price))))
        (local.set $less (f64x2.lt (local.get $value) (local.get $bestB)))
        (local.set $secondB (f64x2.pmin (local.get $secondB) (f64x2.pmax (local.get $bestB) (local.get $value))))
        (local.set $bestB (f64x2.pmin (local.get $bestB) (local.get $value)))
        (local.set $columnB (v128.bitselect (local.get $indexB) (local.get $columnB) (local.get $less)))
        (local.set $indexA (i64x2.add (local.get $indexA) (v128.const i64x2 4 4)))
        (local.set $indexB (i64x2.add (local.get $indexB) (v128.const i64x2 4 4)))
        (local.set $row (i32.add (local.get $row) (i32.const 32)))
        (local.set $price (i32.add (local.get $price) (i32.const 32)))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $wide)))
    ;; B into A, lane by lane: B wins where it is less, or equal with a lower column (a lane that saw
    ;; no finite value keeps column 0 of A, which only matters when every value is +inf).
    (local.set $less (v128.or
      (f64x2.lt (local.get $bestB) (local.get $bestA))
      (v128.and (f64x2.eq (local.get $bestB) (local.get $bestA))
                (i64x2.lt_s (local.get $columnB) (local.get $columnA)))))
    (local.set $secondA (f64x2.pmin (f64x2.pmin (local.get $secondA) (local.get $secondB))
                                    (f64x2.pmax (local.get $bestA) (local.get $bestB))))
    (local.set $bestA (f64x2.pmin (local.get $bestA) (local.get $bestB)))
    (local.set $columnA (v128.bitselect (local.get $columnB) (local.get $columnA) (local.get $less)))
    ;; Lane 1 into lane 0, the same way.
    (local.set $best (f64x2.extract_lane 0 (local.get $bestA)))
    (local.set $other (f64x2.extract_lane 1 (local.get $bestA)))
    (local.set $column (i64x2.extract_lane 0 (local.get $columnA)))
    (local.set $second (f64.min
      (f64.min (f64x2.extract_lane 0 (local.get $secondA)) (f64x2.extract_lane 1 (local.get $secondA)))
      (f64.max (local.get $best) (local.get $other))))
    (if (i32.or (f64.lt (local.get $other) (local.get $best))
                (i32.and (f64.eq (local.get $other) (local.get $best))
                         (i64.lt_s (i64x2.extract_lane 1 (local.get $columnA)) (local.get $column))))
      (then
        (local.set $best (local.get $other))
        (local.set $column (i64x2.extract_lane 1 (local.get $columnA)))))
    ;; The last n mod 4 columns, as the plain loop does them.
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.ge_u (local.get $j) (local.get $n)))
        (local.set $x (f64.add (f64.load (local.get $row)) (f64.load (local.get $price))))
        (if (f64.lt (local.get $x) (local.get $second))
          (then
            (if (f64.lt (local.get $x) (local.get $best))
              (then
                (local.set $second (local.get $best))
                (local.set $best (local.get $x))
                (local.set $column (i64.extend_i32_u (local.get $j))))
              (else (local.set $second (local.get $x))))))
        (local.set $row (i32.add (local.get $row) (i32.const 8)))
        (local.set $price (i32.add (local.get $price) (i32.const 8)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $tail)))
    (f64.store (i32.const 0) (local.get $second))
    (i32.store (i32.const 8) (i32.wrap_i64 (local.get $column)))
    (local.get $best))
)
