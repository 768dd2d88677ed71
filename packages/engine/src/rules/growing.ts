/**
 * Rules read on a growing match, one ticket at a time. A fill adds its nearest tickets one by one
 * and asks, for each, whether the rules that a larger match can only break more still hold; read
 * from scratch that is a pass over every ticket chosen so far, so a 2x100 batch costs thousands of
 * full readings per fill. A rule with a growing form keeps a summary instead (the spread's ends and
 * the newest ticket's wait for a batch distance), so each added ticket costs its own players.
 *
 * A growing form answers exactly what `evaluateRule(...).pass` answers on the same tickets as one
 * team (rules/growing.test.ts checks this against the full reading).
 */

import { ticketValues } from './evaluate.ts';
import { limitAt } from './limits.ts';
import type { AttributeDeclarations, BatchDistanceRule, Rule, RuleTicket } from './types.ts';

/** A rule's verdict kept as a summary of the tickets added so far. */
export interface GrowingRule<Summary> {
  readonly empty: Summary;
  /** The summary with one more ticket (the summary given is left as it was). */
  add(summary: Summary, ticket: RuleTicket): Summary;
  /** The rule passes on the tickets summarised. */
  passes(summary: Summary): boolean;
}

/** What a batch distance needs to know of the tickets so far. */
interface BatchSummary {
  /** The newest ticket's wait: the limits relax to it. */
  readonly waitMs: number;
  /** A player whose value the rule cannot read (and the rule does not ignore missing values). */
  readonly unreadable: boolean;
  readonly lowest: number;
  readonly highest: number;
  /** String batches: the one value seen, or `conflict` once two differ. */
  readonly text: string | undefined;
  readonly conflict: boolean;
}

const EMPTY_BATCH: BatchSummary = {
  waitMs: Number.POSITIVE_INFINITY,
  unreadable: false,
  lowest: Number.POSITIVE_INFINITY,
  highest: Number.NEGATIVE_INFINITY,
  text: undefined,
  conflict: false,
};

function growingBatchDistance(
  rule: BatchDistanceRule,
  declarations: AttributeDeclarations | undefined,
): GrowingRule<BatchSummary> | undefined {
  const isString = declarations?.[rule.attribute]?.type === 'string';
  // A string batch aggregated over parties reads lists or numbers in ways the full reading decides.
  if (isString && rule.partyAggregate !== undefined) return undefined;
  const ignoreMissing = rule.whenMissing === 'ignore';
  return {
    empty: EMPTY_BATCH,
    add(summary, ticket) {
      let { unreadable, lowest, highest, text, conflict } = summary;
      // Numbers batch by the party's average unless the rule names its own aggregate.
      const values = ticketValues(rule, rule.attribute, ticket, declarations, isString ? undefined : 'avg');
      for (const value of values) {
        if (isString) {
          if (typeof value !== 'string') {
            unreadable ||= !ignoreMissing;
            continue;
          }
          if (text === undefined) text = value;
          else if (text !== value) conflict = true;
          continue;
        }
        if (typeof value !== 'number') {
          unreadable ||= !ignoreMissing;
          continue;
        }
        // A NaN spread fails the full reading's comparison: keep it failing here.
        if (Number.isNaN(value)) {
          unreadable = true;
          continue;
        }
        if (value < lowest) lowest = value;
        if (value > highest) highest = value;
      }
      return { waitMs: Math.min(summary.waitMs, ticket.waitMs), unreadable, lowest, highest, text, conflict };
    },
    passes(summary) {
      const waitMs = Number.isFinite(summary.waitMs) ? summary.waitMs : 0;
      if (rule.optionalAfterMs !== undefined && waitMs >= rule.optionalAfterMs) return true;
      if (summary.unreadable) return false;
      if (isString) return !summary.conflict;
      if (rule.maxDistance === undefined || summary.highest < summary.lowest) return true;
      return summary.highest - summary.lowest <= limitAt(rule.maxDistance, waitMs, 'up');
    },
  };
}

/**
 * The growing form of a hard rule read at its newest ticket's wait, when it has one; undefined
 * when only the full reading can tell.
 */
export function growingFormOf(
  rule: Rule,
  declarations: AttributeDeclarations | undefined,
): GrowingRule<unknown> | undefined {
  if (rule.expansionAge === 'oldest') return undefined;
  if (rule.kind === 'batch-distance')
    return growingBatchDistance(rule, declarations) as GrowingRule<unknown> | undefined;
  return undefined;
}
