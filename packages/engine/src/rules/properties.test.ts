/**
 * Properties of rule evaluation over random candidates and random rules: a hard rule's verdict is
 * the one a straightforward reference reaches (pairwise comparisons, explicit counts), expansions
 * only ever relax with the wait, and a failing rule passes at the wait it says it will.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { evaluateRule } from './evaluate.ts';
import { atWait } from './test-support/candidates.ts';
import type { AttributeDeclarations, Limit, Rule, RuleCandidate, RulePlayer } from './types.ts';

const declarations: AttributeDeclarations = {
  skill: { type: 'number' },
  mode: { type: 'string' },
  packs: { type: 'string_list' },
};

const REGIONS = ['eu', 'us'] as const;
const MODES = ['a', 'b'] as const;
const PACKS = ['x', 'y', 'z'] as const;

const playerArb = fc.record({
  skill: fc.integer({ min: 0, max: 20 }),
  mode: fc.constantFrom(...MODES),
  packs: fc.subarray([...PACKS]),
  eu: fc.integer({ min: 0, max: 200 }),
  us: fc.integer({ min: 0, max: 200 }),
});

const candidateArb: fc.Arbitrary<RuleCandidate> = fc
  .record({
    teams: fc.array(
      fc.array(
        fc.record({
          players: fc.array(playerArb, { minLength: 1, maxLength: 3 }),
          waitMs: fc.integer({ min: 0, max: 60_000 }),
        }),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
      { minLength: 2, maxLength: 4 },
    ),
    region: fc.constantFrom(...REGIONS),
  })
  .map(({ teams, region }) => {
    let next = 0;
    return {
      region,
      teams: teams.map((tickets) =>
        tickets.map((item) => {
          next += 1;
          const ticketId = `t${next}`;
          const players = item.players.map(
            (p, i): RulePlayer => ({
              playerId: `${ticketId}-p${i}`,
              attributes: { skill: p.skill, mode: p.mode, packs: p.packs },
              pingMsByRegion: { eu: p.eu, us: p.us },
            }),
          );
          return { ticketId, players, waitMs: item.waitMs };
        }),
      ),
    };
  });

/** A limit that relaxes in steps in its direction (`up` for a maximum). */
function limitArb(direction: 'up' | 'down', scale: number): fc.Arbitrary<Limit> {
  return fc.oneof(
    fc.integer({ min: 0, max: scale }),
    fc
      .record({
        start: fc.integer({ min: 0, max: scale }),
        moves: fc.array(
          fc.record({ gapMs: fc.integer({ min: 1, max: 20_000 }), by: fc.integer({ min: 0, max: scale }) }),
          { maxLength: 3 },
        ),
      })
      .map(({ start, moves }) => {
        let afterMs = 0;
        let value = start;
        const steps = moves.map((move) => {
          afterMs += move.gapMs;
          value = direction === 'up' ? value + move.by : Math.max(0, value - move.by);
          return { afterMs, value };
        });
        return { start, steps };
      }),
  );
}

const ruleArb: fc.Arbitrary<Rule> = fc.oneof(
  limitArb('up', 20).map(
    (maxDistance): Rule => ({
      name: 'spread',
      kind: 'distance',
      attribute: 'skill',
      scope: 'player',
      maxDistance,
    }),
  ),
  fc
    .record({
      maxDistance: limitArb('up', 20),
      aggregate: fc.constantFrom('avg', 'sum', 'min', 'max', 'count' as const),
    })
    .map(
      ({ maxDistance, aggregate }): Rule => ({
        name: 'teams',
        kind: 'distance',
        attribute: 'skill',
        scope: 'team',
        aggregate,
        maxDistance,
      }),
    ),
  fc.record({ maxDistance: limitArb('up', 20), party: fc.constantFrom('avg', 'min', 'max' as const) }).map(
    ({ maxDistance, party }): Rule => ({
      name: 'batch',
      kind: 'batch-distance',
      attribute: 'skill',
      partyAggregate: party,
      maxDistance,
    }),
  ),
  limitArb('up', 200).map((maxLatencyMs): Rule => ({ name: 'latency', kind: 'latency', maxLatencyMs })),
  fc.constant<Rule>({ name: 'mode', kind: 'string-equality', attribute: 'mode' }),
  limitArb('down', 3).map(
    (minCount): Rule => ({ name: 'packs', kind: 'set-intersection', attribute: 'packs', minCount }),
  ),
  fc
    .record({
      min: limitArb('down', 3),
      max: limitArb('up', 3),
      scope: fc.constantFrom('team', 'match' as const),
    })
    .map(
      ({ min, max, scope }): Rule => ({
        name: 'pack-x',
        kind: 'composition',
        attribute: 'packs',
        value: 'x',
        scope,
        min,
        max,
      }),
    ),
  fc.record({ value: limitArb('down', 20), operator: fc.constantFrom('>=', '>' as const) }).map(
    ({ value, operator }): Rule => ({
      name: 'floor',
      kind: 'comparison',
      attribute: 'skill',
      scope: 'player',
      operator,
      value,
    }),
  ),
  fc.record({ value: limitArb('up', 20), operator: fc.constantFrom('<=', '<' as const) }).map(
    ({ value, operator }): Rule => ({
      name: 'ceiling',
      kind: 'comparison',
      attribute: 'skill',
      scope: 'player',
      operator,
      value,
    }),
  ),
);

/** The limit at a wait, read the plain way: the last step reached, else the start. */
function plainLimit(limit: Limit, waitMs: number): number {
  if (typeof limit === 'number') return limit;
  let value = limit.start;
  for (const step of limit.steps ?? []) if (step.afterMs <= waitMs) value = step.value;
  return value;
}

/** A straightforward reference verdict, written apart from evaluate.ts. */
function reference(rule: Rule, candidate: RuleCandidate): boolean {
  const waitMs = Math.min(...candidate.teams.flat().map((t) => t.waitMs));
  const tickets = candidate.teams.flat();
  const players = tickets.flatMap((t) => t.players);
  const skill = (p: RulePlayer) => p.attributes?.['skill'] as number;
  const packs = (p: RulePlayer) => p.attributes?.['packs'] as string[];
  const hasX = (p: RulePlayer) => packs(p).includes('x');
  switch (rule.kind) {
    case 'distance': {
      const limit = plainLimit(rule.maxDistance as Limit, waitMs);
      if (rule.scope === 'player')
        return players.every((a) => players.every((b) => Math.abs(skill(a) - skill(b)) <= limit));
      const teamValue = (team: readonly (typeof tickets)[number][]) => {
        const values = team.flatMap((t) => t.players.map(skill));
        switch (rule.aggregate) {
          case 'sum':
            return values.reduce((a, b) => a + b, 0);
          case 'min':
            return Math.min(...values);
          case 'max':
            return Math.max(...values);
          case 'count':
            return values.length;
          default:
            return values.reduce((a, b) => a + b, 0) / values.length;
        }
      };
      const values = candidate.teams.map(teamValue);
      return values.every((a) => values.every((b) => Math.abs(a - b) <= limit + 1e-9));
    }
    case 'batch-distance': {
      const limit = plainLimit(rule.maxDistance as Limit, waitMs);
      const ticketValue = (t: (typeof tickets)[number]) => {
        const values = t.players.map(skill);
        if (rule.partyAggregate === 'min') return Math.min(...values);
        if (rule.partyAggregate === 'max') return Math.max(...values);
        return values.reduce((a, b) => a + b, 0) / values.length;
      };
      return tickets.every((a) =>
        tickets.every((b) => Math.abs(ticketValue(a) - ticketValue(b)) <= limit + 1e-9),
      );
    }
    case 'latency': {
      const limit = plainLimit(rule.maxLatencyMs, waitMs);
      return players.every((p) => (p.pingMsByRegion?.[candidate.region as string] as number) <= limit);
    }
    case 'string-equality':
      return players.every((a) => players.every((b) => a.attributes?.['mode'] === b.attributes?.['mode']));
    case 'set-intersection': {
      const common = PACKS.filter((pack) => players.every((p) => packs(p).includes(pack)));
      return common.length >= plainLimit(rule.minCount as Limit, waitMs);
    }
    case 'composition': {
      const min = plainLimit(rule.min as Limit, waitMs);
      const max = plainLimit(rule.max as Limit, waitMs);
      const groups =
        rule.scope === 'team' ? candidate.teams.map((team) => team.flatMap((t) => t.players)) : [players];
      return groups.every((group) => {
        const count = group.filter(hasX).length;
        return count >= min && count <= max;
      });
    }
    case 'comparison': {
      const value = plainLimit(rule.value as Limit, waitMs);
      const ops: Record<string, (a: number) => boolean> = {
        '>=': (a) => a >= value,
        '>': (a) => a > value,
        '<=': (a) => a <= value,
        '<': (a) => a < value,
      };
      return players.every((p) => (ops[rule.operator] as (a: number) => boolean)(skill(p)));
    }
    default:
      throw new Error(`no reference for ${rule.kind}`);
  }
}

test("a hard rule's verdict is the reference's", () => {
  fc.assert(
    fc.property(ruleArb, candidateArb, (rule, candidate) => {
      const outcome = evaluateRule(rule, declarations, candidate);
      assert.equal(outcome.pass, reference(rule, candidate), outcome.explanation);
      assert.ok(outcome.score >= 0 && outcome.score <= 1, `score ${outcome.score}`);
    }),
    { numRuns: 2000, seed: 13 },
  );
});

test('expansions only relax: what passes at a wait passes at every longer wait, and scores never drop', () => {
  fc.assert(
    fc.property(
      ruleArb,
      candidateArb,
      fc.integer({ min: 0, max: 60_000 }),
      fc.integer({ min: 0, max: 60_000 }),
      (rule, candidate, waitA, waitB) => {
        const [shorter, longer] = waitA <= waitB ? [waitA, waitB] : [waitB, waitA];
        const early = evaluateRule(rule, declarations, atWait(candidate, shorter));
        const late = evaluateRule(rule, declarations, atWait(candidate, longer));
        if (early.pass) assert.ok(late.pass, `${early.explanation} / ${late.explanation}`);
        assert.ok(late.score >= early.score - 1e-12, `${early.score} -> ${late.score}`);
      },
    ),
    { numRuns: 2000, seed: 7 },
  );
});

test('a failing rule passes at the wait it names, and not before', () => {
  fc.assert(
    fc.property(ruleArb, candidateArb, fc.integer({ min: 0, max: 40_000 }), (rule, candidate, waitMs) => {
      const now = evaluateRule(rule, declarations, atWait(candidate, waitMs));
      if (now.pass) return;
      const at = now.passesAtWaitMs;
      assert.ok(at !== undefined && at > waitMs, `${now.explanation}: passes at ${at}`);
      if (!Number.isFinite(at)) {
        assert.equal(evaluateRule(rule, declarations, atWait(candidate, 10_000_000)).pass, false);
        return;
      }
      assert.equal(evaluateRule(rule, declarations, atWait(candidate, at)).pass, true, now.explanation);
      assert.equal(evaluateRule(rule, declarations, atWait(candidate, at - 1)).pass, false, now.explanation);
    }),
    { numRuns: 2000, seed: 11 },
  );
});

test('optionalAfterMs: from that wait on a rule passes whatever the values', () => {
  fc.assert(
    fc.property(
      ruleArb,
      candidateArb,
      fc.integer({ min: 0, max: 30_000 }),
      (rule, candidate, optionalAfterMs) => {
        const optional = { ...rule, optionalAfterMs } as Rule;
        assert.equal(evaluateRule(optional, declarations, atWait(candidate, optionalAfterMs)).pass, true);
        const before = evaluateRule(
          optional,
          declarations,
          atWait(candidate, Math.max(0, optionalAfterMs - 1)),
        );
        if (optionalAfterMs > 0)
          assert.equal(
            before.pass,
            evaluateRule(rule, declarations, atWait(candidate, optionalAfterMs - 1)).pass,
          );
      },
    ),
    { numRuns: 500, seed: 5 },
  );
});
