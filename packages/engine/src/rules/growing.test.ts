/**
 * A rule's growing form (a summary updated ticket by ticket) answers what the full reading answers,
 * on every prefix of a random growing match; and the queue's fill check, following a fill that adds
 * and takes back tickets, admits exactly the tickets the full reading admits.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { ScoredTicket } from '../quality/types.ts';
import { QueueRules } from '../queue/queue-rules.ts';
import type { QueueConfig } from '../queue/types.ts';
import { evaluateRule, evaluateRules } from './evaluate.ts';
import { growingFormOf } from './growing.ts';
import type {
  AttributeDeclarations,
  BatchDistanceRule,
  Limit,
  PlayerAttributes,
  Rule,
  RuleTicket,
} from './types.ts';

const declarations: AttributeDeclarations = {
  league: { type: 'number' },
  map: { type: 'string' },
};

const limitArb: fc.Arbitrary<Limit> = fc.oneof(
  fc.integer({ min: 0, max: 12 }),
  fc.record({
    start: fc.integer({ min: 0, max: 6 }),
    steps: fc.constant([
      { afterMs: 5_000, value: 8 },
      { afterMs: 15_000, value: 14 },
    ]),
  }),
  fc.record({
    start: fc.integer({ min: 0, max: 6 }),
    linear: fc.record({ perSecond: fc.constantFrom(0.2, 1), limit: fc.constant(20) }),
  }),
);

const batchRuleArb: fc.Arbitrary<BatchDistanceRule> = fc
  .record({
    attribute: fc.constantFrom('league', 'map'),
    maxDistance: fc.option(limitArb, { nil: undefined }),
    optionalAfterMs: fc.option(fc.integer({ min: 1_000, max: 40_000 }), { nil: undefined }),
    whenMissing: fc.option(fc.constantFrom('fail' as const, 'ignore' as const), { nil: undefined }),
    partyAggregate: fc.option(
      fc.constantFrom('min' as const, 'max' as const, 'avg' as const, 'sum' as const),
      {
        nil: undefined,
      },
    ),
  })
  .map(({ attribute, maxDistance, optionalAfterMs, whenMissing, partyAggregate }) => ({
    name: 'batch',
    kind: 'batch-distance' as const,
    attribute,
    ...(maxDistance !== undefined ? { maxDistance } : {}),
    ...(optionalAfterMs !== undefined ? { optionalAfterMs } : {}),
    ...(whenMissing !== undefined ? { whenMissing } : {}),
    ...(partyAggregate !== undefined && attribute === 'league' ? { partyAggregate } : {}),
  }));

/** Attributes as tickets send them: sometimes missing, so that `whenMissing` is exercised. */
const attributesArb: fc.Arbitrary<PlayerAttributes> = fc
  .record({
    league: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined, freq: 8 }),
    map: fc.option(fc.constantFrom('forest', 'desert'), { nil: undefined, freq: 8 }),
  })
  .map(({ league, map }) => ({
    ...(league !== undefined ? { league } : {}),
    ...(map !== undefined ? { map } : {}),
  }));

const ticketArb = fc.record({
  attributes: fc.array(attributesArb, { minLength: 1, maxLength: 3 }),
  waitMs: fc.integer({ min: 0, max: 50_000 }),
});

function ruleTicket(index: number, input: { attributes: PlayerAttributes[]; waitMs: number }): RuleTicket {
  return {
    ticketId: `t${index}`,
    players: input.attributes.map((attributes, p) => ({ playerId: `t${index}p${p}`, attributes })),
    waitMs: input.waitMs,
  };
}

test('a batch distance read ticket by ticket passes exactly when the full reading passes', () => {
  fc.assert(
    fc.property(batchRuleArb, fc.array(ticketArb, { minLength: 1, maxLength: 12 }), (rule, inputs) => {
      const form = growingFormOf(rule, declarations);
      assert.ok(form !== undefined, 'batch distances have a growing form');
      const tickets = inputs.map((input, i) => ruleTicket(i, input));
      let summary = form.empty;
      tickets.forEach((ticket, i) => {
        summary = form.add(summary, ticket);
        const full = evaluateRule(rule, declarations, { teams: [tickets.slice(0, i + 1)] }, false).pass;
        assert.equal(form.passes(summary), full, `prefix of ${i + 1}`);
      });
    }),
    { numRuns: 1_000, seed: 7 },
  );
});

/** A waiting ticket as the fill check reads it: its players' attributes and when it arrived. */
function scoredTicket(
  index: number,
  input: { attributes: PlayerAttributes[]; waitMs: number },
  nowMs: number,
) {
  return {
    ticketId: `t${index}`,
    enqueuedAtMs: nowMs - input.waitMs,
    players: input.attributes.map((attributes, p) => ({
      profile: { playerId: `t${index}p${p}`, attributes },
    })),
  } as unknown as ScoredTicket<unknown>;
}

test('the fill check follows adds and take-backs and admits exactly what the full reading admits', () => {
  const nowMs = 100_000;
  const stepArb = fc.oneof(
    { weight: 4, arbitrary: fc.record({ add: ticketArb }) },
    { weight: 1, arbitrary: fc.constant({ takeBack: true as const }) },
    // The last ticket replaced without a check in between (the summaries must notice).
    { weight: 1, arbitrary: fc.record({ replaceLast: ticketArb }) },
  );
  fc.assert(
    fc.property(
      fc.array(batchRuleArb, { minLength: 1, maxLength: 3 }),
      ticketArb,
      fc.array(stepArb, { minLength: 1, maxLength: 25 }),
      (batchRules, anchorInput, steps) => {
        // A composition ceiling has no growing form: the check reads it in full beside the summaries.
        const rules: Rule[] = [
          ...batchRules.map((rule, i) => ({ ...rule, name: `batch${i}` })),
          {
            name: 'fewDesert',
            kind: 'composition',
            scope: 'match',
            attribute: 'map',
            value: 'desert',
            max: 4,
          },
        ];
        const config = { criteria: [], attributes: declarations, rules } as unknown as QueueConfig;
        const queueRules = new QueueRules(config);
        const admits = queueRules.admitter(nowMs);
        const chosen = [scoredTicket(0, anchorInput, nowMs)];
        const growthRules = rules.filter(
          (rule) => rule.kind === 'batch-distance' || rule.kind === 'composition',
        );
        steps.forEach((step, i) => {
          if ('takeBack' in step) {
            if (chosen.length > 1) chosen.pop();
            return;
          }
          if ('replaceLast' in step) {
            if (chosen.length > 1) {
              chosen.pop();
              chosen.push(scoredTicket(i + 1, step.replaceLast, nowMs));
            }
            return;
          }
          const next = scoredTicket(i + 1, step.add, nowMs);
          const team = [...chosen, next].map((ticket) => ({
            ticketId: ticket.ticketId,
            players: ticket.players.map((player) => player.profile),
            waitMs: nowMs - ticket.enqueuedAtMs,
          }));
          const full = evaluateRules(growthRules, declarations, { teams: [team] }, { explain: false }).pass;
          const admitted = admits(chosen, next);
          assert.equal(admitted, full, `step ${i}`);
          if (admitted) chosen.push(next);
        });
      },
    ),
    { numRuns: 500, seed: 11 },
  );
});
