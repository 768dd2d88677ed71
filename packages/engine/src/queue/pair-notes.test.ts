import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type Noted, PairNotes } from './pair-notes.ts';

/**
 * A look's notes tell the next look (and the neighbour's, mirrored) which pairs cannot pass yet.
 * Notes kept as one bound must read exactly as the same notes written pair by pair, whatever is
 * written, changed or added after them: a note read wrong would let a look skip a pair that could
 * form, or score one it need not.
 */

interface Ticket extends Noted {
  readonly id: number;
}

const TICKETS: readonly Ticket[] = Array.from({ length: 12 }, (_, id) => ({
  id,
  scored: { enqueuedAtMs: (id * 7_919) % 50_000 },
}));

type Op =
  | { readonly kind: 'apart'; readonly picks: number[]; readonly fromMs: number; readonly waitMs: number }
  | { readonly kind: 'push'; readonly pick: number; readonly acceptMs: number; readonly validMs: number }
  | { readonly kind: 'set'; readonly at: number; readonly pick: number; readonly acceptMs: number }
  | { readonly kind: 'clear' }
  | { readonly kind: 'read'; readonly pick: number; readonly nowMs: number; readonly hint: number };

const timeArb = fc.integer({ min: 0, max: 200_000 });
const pickArb = fc.nat({ max: TICKETS.length - 1 });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('apart' as const),
    picks: fc.array(pickArb, { maxLength: 16 }),
    fromMs: timeArb,
    waitMs: fc.integer({ min: 0, max: 150_000 }),
  }),
  fc.record({ kind: fc.constant('push' as const), pick: pickArb, acceptMs: timeArb, validMs: timeArb }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat({ max: 20 }), pick: pickArb, acceptMs: timeArb }),
  fc.constant({ kind: 'clear' as const }),
  fc.record({
    kind: fc.constant('read' as const),
    pick: pickArb,
    nowMs: timeArb,
    hint: fc.nat({ max: 20 }),
  }),
);

/** The notes as a plain list of per-pair times. */
interface Note {
  readonly other: Ticket;
  readonly acceptMs: number;
  readonly validUntilMs: number;
}

/** The note of `other` at `hint` if it is one, else its first; -1 unless that note holds at `nowMs`. */
function holdingIn(model: readonly Note[], other: Ticket, nowMs: number, hint: number): number {
  const index = model[hint]?.other === other ? hint : model.findIndex((note) => note.other === other);
  return index >= 0 && nowMs < (model[index] as Note).validUntilMs ? index : -1;
}

test('notes kept as one bound read as the same notes written pair by pair, through any later change', () => {
  fc.assert(
    fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
      const notes = new PairNotes<Ticket>();
      let model: Note[] = [];
      for (const op of ops) {
        if (op.kind === 'apart') {
          const others = op.picks.map((pick) => TICKETS[pick] as Ticket);
          // Every ticket arrived by the latest arrival time given (the bound's own premise).
          notes.noteApart(others, others.length, op.fromMs, op.waitMs, 50_000);
          model = others.map((other) => {
            const time = Math.max(op.fromMs, other.scored.enqueuedAtMs + op.waitMs);
            return { other, acceptMs: time, validUntilMs: time };
          });
        } else if (op.kind === 'push') {
          const other = TICKETS[op.pick] as Ticket;
          notes.push(other, op.acceptMs, op.validMs);
          model.push({ other, acceptMs: op.acceptMs, validUntilMs: op.validMs });
        } else if (op.kind === 'set') {
          if (op.at >= model.length) continue;
          const other = TICKETS[op.pick] as Ticket;
          notes.set(op.at, other, op.acceptMs, op.acceptMs);
          model[op.at] = { other, acceptMs: op.acceptMs, validUntilMs: op.acceptMs };
        } else if (op.kind === 'clear') {
          notes.clear();
          model = [];
        } else {
          const other = TICKETS[op.pick] as Ticket;
          assert.equal(notes.holding(other, op.nowMs, op.hint), holdingIn(model, other, op.nowMs, op.hint));
          assert.equal(
            notes.indexAmong(other, model.length),
            model.findIndex((note) => note.other === other),
          );
        }
        assert.equal(notes.length, model.length);
        for (const [index, note] of model.entries()) {
          assert.equal(notes.others[index], note.other);
          assert.equal(notes.acceptAt(index), note.acceptMs);
          assert.equal(notes.validUntilAt(index), note.validUntilMs);
        }
      }
    }),
    { numRuns: 2_000, seed: 20261125 },
  );
});

test('a look when the bound runs out finds none of its notes holding', () => {
  const notes = new PairNotes<Ticket>();
  notes.noteApart(TICKETS, TICKETS.length, 100_000, 40_000, 50_000);
  // Every neighbour arrived by 50 s: no note holds from 100 s on, nor does one read later ones.
  for (const ticket of TICKETS) {
    assert.equal(notes.holding(ticket, 100_000, 0), -1);
    assert.ok(notes.holding(ticket, 99_999, 0) >= 0);
  }
});
