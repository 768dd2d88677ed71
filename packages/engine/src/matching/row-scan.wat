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
;; One step of a dense Dijkstra over columns (dense-assignment.ts's shortest augmenting paths):
  ;; relaxes every open column j through row `from` (its cost row at $row) with
  ;; d_j = (row[j] + price[j]) - offset: where d_j < dist[j], dist[j] = d_j and pred[j] = from.
  ;; Settled columns hold dist = -inf, so they never change and are not open. Returns the least dist
  ;; of an open column (+inf if none) and stores at byte 8 its first column, at byte 0 the least
  ;; dist + bias[j] over open columns (bias 0 marks a free column, +inf a held one) and at byte 12
  ;; the first column holding that.
  (func (export "relax") (param $row i32) (param $price i32) (param $dist i32) (param $pred i32)
      (param $bias i32) (param $n i32) (param $offset f64) (param $from f64) (result f64)
    (local $j i32) (local $offsetLanes v128) (local $fromLanes v128) (local $index v128)
    (local $d v128) (local $old v128) (local $update v128) (local $key v128) (local $less v128)
    (local $best v128) (local $bestColumn v128) (local $free v128) (local $freeColumn v128)
    (local $b0 f64) (local $b1 f64) (local $c0 i64) (local $c1 i64)
    (local $bestValue f64) (local $bestAt i64) (local $freeValue f64) (local $freeAt i64)
    (local $x f64) (local $oldValue f64)
    (local.set $offsetLanes (f64x2.splat (local.get $offset)))
    (local.set $fromLanes (f64x2.splat (local.get $from)))
    (local.set $index (v128.const i64x2 0 1))
    (local.set $best (f64x2.splat (f64.const inf)))
    (local.set $free (f64x2.splat (f64.const inf)))
    (block $wide_done
      (loop $wide
        (br_if $wide_done (i32.gt_u (i32.add (local.get $j) (i32.const 2)) (local.get $n)))
        (local.set $d (f64x2.sub
          (f64x2.add (v128.load (local.get $row)) (v128.load (local.get $price)))
          (local.get $offsetLanes)))
        (local.set $old (v128.load (local.get $dist)))
        (local.set $update (f64x2.lt (local.get $d) (local.get $old)))
        (local.set $old (v128.bitselect (local.get $d) (local.get $old) (local.get $update)))
        (v128.store (local.get $dist) (local.get $old))
        (v128.store (local.get $pred)
          (v128.bitselect (local.get $fromLanes) (v128.load (local.get $pred)) (local.get $update)))
        ;; Settled (-inf) columns count as +inf from here on.
        (local.set $key (v128.bitselect (local.get $old) (f64x2.splat (f64.const inf))
          (f64x2.ne (local.get $old) (f64x2.splat (f64.const -inf)))))
        (local.set $less (f64x2.lt (local.get $key) (local.get $best)))
        (local.set $best (f64x2.pmin (local.get $best) (local.get $key)))
        (local.set $bestColumn (v128.bitselect (local.get $index) (local.get $bestColumn) (local.get $less)))
        (local.set $key (f64x2.add (local.get $key) (v128.load (local.get $bias))))
        (local.set $less (f64x2.lt (local.get $key) (local.get $free)))
        (local.set $free (f64x2.pmin (local.get $free) (local.get $key)))
        (local.set $freeColumn (v128.bitselect (local.get $index) (local.get $freeColumn) (local.get $less)))
        (local.set $index (i64x2.add (local.get $index) (v128.const i64x2 2 2)))
        (local.set $row (i32.add (local.get $row) (i32.const 16)))
        (local.set $price (i32.add (local.get $price) (i32.const 16)))
        (local.set $dist (i32.add (local.get $dist) (i32.const 16)))
        (local.set $pred (i32.add (local.get $pred) (i32.const 16)))
        (local.set $bias (i32.add (local.get $bias) (i32.const 16)))
        (local.set $j (i32.add (local.get $j) (i32.const 2)))
        (br $wide)))
    ;; Lane 1 into lane 0: the lower column wins a tie.
    (local.set $b0 (f64x2.extract_lane 0 (local.get $best)))
    (local.set $b1 (f64x2.extract_lane 1 (local.get $best)))
    (local.set $c0 (i64x2.extract_lane 0 (local.get $bestColumn)))
    (local.set $c1 (i64x2.extract_lane 1 (local.get $bestColumn)))
    (local.set $bestValue (local.get $b0))
    (local.set $bestAt (local.get $c0))
    (if (i32.or (f64.lt (local.get $b1) (local.get $b0))
                (i32.and (f64.eq (local.get $b1) (local.get $b0)) (i64.lt_s (local.get $c1) (local.get $c0))))
      (then (local.set $bestValue (local.get $b1)) (local.set $bestAt (local.get $c1))))
    (local.set $b0 (f64x2.extract_lane 0 (local.get $free)))
    (local.set $b1 (f64x2.extract_lane 1 (local.get $free)))
    (local.set $c0 (i64x2.extract_lane 0 (local.get $freeColumn)))
    (local.set $c1 (i64x2.extract_lane 1 (local.get $freeColumn)))
    (local.set $freeValue (local.get $b0))
    (local.set $freeAt (local.get $c0))
    (if (i32.or (f64.lt (local.get $b1) (local.get $b0))
                (i32.and (f64.eq (local.get $b1) (local.get $b0)) (i64.lt_s (local.get $c1) (local.get $c0))))
      (then (local.set $freeValue (local.get $b1)) (local.set $freeAt (local.get $c1))))
    ;; The last column of an odd n, as the plain loop does it.
    (if (i32.lt_u (local.get $j) (local.get $n))
      (then
        (local.set $x (f64.sub (f64.add (f64.load (local.get $row)) (f64.load (local.get $price)))
                               (local.get $offset)))
        (local.set $oldValue (f64.load (local.get $dist)))
        (if (f64.lt (local.get $x) (local.get $oldValue))
          (then
            (local.set $oldValue (local.get $x))
            (f64.store (local.get $dist) (local.get $x))
            (f64.store (local.get $pred) (local.get $from))))
        (if (f64.ne (local.get $oldValue) (f64.const -inf))
          (then
            (if (f64.lt (local.get $oldValue) (local.get $bestValue))
              (then (local.set $bestValue (local.get $oldValue))
                    (local.set $bestAt (i64.extend_i32_u (local.get $j)))))
            (local.set $x (f64.add (local.get $oldValue) (f64.load (local.get $bias))))
            (if (f64.lt (local.get $x) (local.get $freeValue))
              (then (local.set $freeValue (local.get $x))
                    (local.set $freeAt (i64.extend_i32_u (local.get $j)))))))))
    (f64.store (i32.const 0) (local.get $freeValue))
    (i32.store (i32.const 8) (i32.wrap_i64 (local.get $bestAt)))
    (i32.store (i32.const 12) (i32.wrap_i64 (local.get $freeAt)))
    (local.get $bestValue))
;; The columns j < n with row[j] + price[j] < threshold, in order, written as i32 at $out;
  ;; returns how many. Built for rare hits: a pair of lanes is only looked into when one hits.
  (func (export "below") (param $row i32) (param $price i32) (param $n i32) (param $threshold f64)
      (param $out i32) (result i32)
    (local $j i32) (local $count i32) (local $limit v128) (local $hitA v128) (local $hitB v128)
    (local.set $limit (f64x2.splat (local.get $threshold)))
    (block $wide_done
      (loop $wide
        (br_if $wide_done (i32.gt_u (i32.add (local.get $j) (i32.const 4)) (local.get $n)))
        (local.set $hitA (f64x2.lt
          (f64x2.add (v128.load (local.get $row)) (v128.load (local.get $price))) (local.get $limit)))
        (local.set $hitB (f64x2.lt
          (f64x2.add (v128.load offset=16 (local.get $row)) (v128.load offset=16 (local.get $price)))
          (local.get $limit)))
        (if (v128.any_true (v128.or (local.get $hitA) (local.get $hitB)))
          (then
            (if (i64.ne (i64x2.extract_lane 0 (local.get $hitA)) (i64.const 0))
              (then (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))) (local.get $j))
                    (local.set $count (i32.add (local.get $count) (i32.const 1)))))
            (if (i64.ne (i64x2.extract_lane 1 (local.get $hitA)) (i64.const 0))
              (then (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2)))
                               (i32.add (local.get $j) (i32.const 1)))
                    (local.set $count (i32.add (local.get $count) (i32.const 1)))))
            (if (i64.ne (i64x2.extract_lane 0 (local.get $hitB)) (i64.const 0))
              (then (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2)))
                               (i32.add (local.get $j) (i32.const 2)))
                    (local.set $count (i32.add (local.get $count) (i32.const 1)))))
            (if (i64.ne (i64x2.extract_lane 1 (local.get $hitB)) (i64.const 0))
              (then (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2)))
                               (i32.add (local.get $j) (i32.const 3)))
                    (local.set $count (i32.add (local.get $count) (i32.const 1)))))))
        (local.set $row (i32.add (local.get $row) (i32.const 32)))
        (local.set $price (i32.add (local.get $price) (i32.const 32)))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $wide)))
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.ge_u (local.get $j) (local.get $n)))
        (if (f64.lt (f64.add (f64.load (local.get $row)) (f64.load (local.get $price))) (local.get $threshold))
          (then (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))) (local.get $j))
                (local.set $count (i32.add (local.get $count) (i32.const 1)))))
        (local.set $row (i32.add (local.get $row) (i32.const 8)))
        (local.set $price (i32.add (local.get $price) (i32.const 8)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $tail)))
    (local.get $count))
)
