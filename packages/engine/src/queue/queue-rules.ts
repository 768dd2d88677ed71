/**
 * A queue's rules (docs/rules.md) as the matchmaker applies them, compiled once per queue:
 * - the hard rules are one more hard limit of `limits.ts` (never broken, forced matches included),
 *   with the time from which a failing candidate's rules could pass;
 * - every rule with a weight joins the match quality's weighted mean (`blend`);
 * - the split search ranks splits that break a hard team rule ("exactly one medic per team") below
 *   every split that keeps them (`splitAdjustment`);
 * - the region of a match is one where the hard latency rules hold (`latencyHolds`);
 * - candidate search skips neighbours that no match could hold together with the anchor
 *   (`pairAllowedFromMs`: rules that, broken by two tickets, are broken by every match holding both).
 * A queue without rules pays nothing: `active` is false and none of this is called.
 */

import type { CandidateMatch, ScoredTicket } from '../quality/types.ts';
import { ruleCandidateOf } from '../rules/candidate.ts';
import { evaluateRules, ruleWaitMs } from '../rules/evaluate.ts';
import { type GrowingRule, growingFormOf } from '../rules/growing.ts';
import type {
  AttributeDeclarations,
  CompoundStatement,
  Limit,
  Rule,
  RuleCandidate,
  RulesVerdict,
  RuleTicket,
} from '../rules/types.ts';
import type { QueueConfig } from './types.ts';

/** While a linear ramp of a compound rule's limit moves, its candidates are looked at again this often. */
const RAMP_POLL_MS = 1_000;

/** The rules a compound statement holds inline. */
export function innerRules(statement: CompoundStatement): Rule[] {
  if ('rule' in statement) return [statement.rule];
  if ('not' in statement) return innerRules(statement.not);
  const operands = 'and' in statement ? statement.and : 'or' in statement ? statement.or : statement.xor;
  return operands.flatMap(innerRules);
}

/** Whether who plays on which team can change the rule's verdict. */
export function dependsOnSplit(rule: Rule): boolean {
  switch (rule.kind) {
    case 'comparison':
    case 'distance':
    case 'string-equality':
    case 'set-intersection':
    case 'composition':
      return rule.scope === 'team';
    case 'party-similarity':
      return true;
    case 'compound':
      return innerRules(rule.statement).some(dependsOnSplit);
    case 'latency':
    case 'batch-distance':
      return false;
  }
}

/**
 * Whether a hard rule broken by two tickets is broken by every match that holds both, whatever the
 * teams: the players' values only add differences (same string, spread within a distance, a shared
 * minimum of items, each player's own comparison). Read at the newest ticket's wait, a larger match
 * is never more relaxed than the pair.
 */
export function breaksForEverySuperset(rule: Rule, declarations: AttributeDeclarations | undefined): boolean {
  if (rule.hard === false || rule.expansionAge === 'oldest') return false;
  switch (rule.kind) {
    case 'string-equality':
      return (rule.scope ?? 'match') === 'match';
    case 'batch-distance':
      return true;
    case 'set-intersection':
      return (rule.scope ?? 'match') === 'match' && rule.against === undefined && rule.maxCount === undefined;
    case 'distance':
      return (
        rule.scope === 'player' && (rule.reference ?? 'spread') === 'spread' && rule.minDistance === undefined
      );
    case 'comparison': {
      const stringValued =
        typeof rule.value === 'string' ||
        (rule.attribute !== undefined && declarations?.[rule.attribute]?.type === 'string');
      return rule.scope === 'player' || stringValued;
    }
    default:
      return false;
  }
}

/**
 * The ceiling of a match-wide hard count ("at most one tank", "at most five medics") as a rule of
 * its own: a match that grows can only break it more, so a fill skips a ticket that breaks it. A sum
 * without a counted value is taken as a count of non-negative amounts (PlayFab's role totals); the
 * full rule still judges the match.
 */
function countCeiling(rule: Rule): Rule[] {
  if (rule.kind !== 'composition' || rule.hard === false || rule.expansionAge === 'oldest') return [];
  if (rule.scope !== 'match' || rule.max === undefined) return [];
  const { min: _min, ...ceiling } = rule;
  return [ceiling];
}

/** Every limit of a rule (compound operands included), with `optionalAfterMs` as a step. */
function changePoints(rule: Rule): { limits: Limit[]; optionalAfterMs: number[] } {
  const limits: Limit[] = [];
  const optional: number[] = rule.optionalAfterMs === undefined ? [] : [rule.optionalAfterMs];
  const fields = rule as unknown as Record<string, unknown>;
  for (const field of [
    'value',
    'maxDistance',
    'minDistance',
    'minCount',
    'maxCount',
    'min',
    'max',
    'maxLatencyMs',
    'maxDistanceMs',
  ]) {
    const limit = fields[field];
    if (typeof limit === 'number' || (typeof limit === 'object' && limit !== null))
      limits.push(limit as Limit);
  }
  if (rule.kind === 'compound') {
    for (const inner of innerRules(rule.statement)) {
      const more = changePoints(inner);
      limits.push(...more.limits);
      optional.push(...more.optionalAfterMs);
    }
  }
  return { limits, optionalAfterMs: optional };
}

/** The next wait after `waitMs` at which one of the rule's limits (or its optionality) changes. */
function nextChangeWaitMs(rule: Rule, waitMs: number): number {
  const { limits, optionalAfterMs } = changePoints(rule);
  let next = Number.POSITIVE_INFINITY;
  for (const at of optionalAfterMs) if (at > waitMs) next = Math.min(next, at);
  for (const limit of limits) {
    if (typeof limit === 'number') continue;
    for (const step of limit.steps ?? []) if (step.afterMs > waitMs) next = Math.min(next, step.afterMs);
    const ramp = limit.linear;
    if (ramp === undefined) continue;
    const startAfterMs = ramp.startAfterMs ?? 0;
    if (startAfterMs > waitMs) next = Math.min(next, startAfterMs);
    else {
      const rampEndMs = startAfterMs + (1000 * Math.abs(ramp.limit - limit.start)) / ramp.perSecond;
      if (rampEndMs > waitMs) next = Math.min(next, waitMs + RAMP_POLL_MS);
    }
  }
  return next;
}

/** Searches read only pass, score and when it passes: no sentences. */
const LEAN = { explain: false } as const;

/** A candidate as the rules read it. */
type RuleMatch = CandidateMatch<unknown>;

/** A queue's rules, compiled once. */
export class QueueRules {
  /** The queue has rules: without any, nothing here is ever called. */
  readonly active: boolean;
  /** Some rule is hard: it is one of the queue's hard limits. */
  readonly hasHard: boolean;
  /** Some rule's verdict depends on the teams: the split search weighs the rules. */
  readonly splitSensitive: boolean;
  /** Some hard rule reads the pings to the match's region: the region choice checks it. */
  readonly hasLatency: boolean;
  /** Some hard rule decides for two tickets alone: candidate search skips pairs it forbids. */
  readonly hasPairRules: boolean;
  private readonly rules: readonly Rule[];
  private readonly declarations: AttributeDeclarations | undefined;
  private readonly splitRules: readonly Rule[];
  /** Some rule a split can change has a weight: the split search always weighs the rules. */
  private readonly weightedSplitRules: boolean;
  private readonly latencyRules: readonly Rule[];
  private readonly pairRules: readonly Rule[];
  /** Rules a growing match can only break more: checked as a fill adds tickets. */
  private readonly growthRules: readonly Rule[];
  /** Some rule only tightens as a match grows: fills skip tickets it refuses. */
  readonly hasGrowthRules: boolean;
  /** Growth rules read from a summary as a fill adds tickets (rules/growing.ts). */
  private readonly growingForms: GrowingRule<unknown>[];
  /** Growth rules without a growing form: read in full at each check. */
  private readonly fullGrowthRules: Rule[];
  /** The criteria's total weight: the rules' weights join it in the quality's weighted mean. */
  private readonly criteriaWeight: number;
  private readonly rulesWeight: number;
  /** From when two tickets may meet under the pair rules, per pair (dropped with the tickets). */
  private readonly pairTimes = new WeakMap<ScoredTicket<unknown>, Map<ScoredTicket<unknown>, number>>();
  /** The last verdict, for the same candidate object at the same time (scored, then judged). */
  private memo: { match: RuleMatch; nowMs: number; verdict: RulesVerdict } | undefined;

  constructor(config: QueueConfig) {
    this.rules = config.rules ?? [];
    this.declarations = config.attributes;
    this.active = this.rules.length > 0;
    this.hasHard = this.rules.some((rule) => rule.hard !== false);
    this.splitRules = this.rules.filter(dependsOnSplit);
    this.splitSensitive = this.splitRules.length > 0;
    this.weightedSplitRules = this.splitRules.some(
      (rule) => (rule.weight ?? (rule.hard === false ? 1 : 0)) > 0,
    );
    this.latencyRules = this.rules.filter(
      (rule) =>
        rule.hard !== false &&
        (rule.kind === 'latency' ||
          (rule.kind === 'compound' && innerRules(rule.statement).some((inner) => inner.kind === 'latency'))),
    );
    this.hasLatency = this.latencyRules.length > 0;
    this.pairRules = this.rules.filter((rule) => breaksForEverySuperset(rule, this.declarations));
    this.hasPairRules = this.pairRules.length > 0;
    this.growthRules = [...this.pairRules, ...this.rules.flatMap(countCeiling)];
    this.hasGrowthRules = this.growthRules.length > 0;
    this.growingForms = [];
    this.fullGrowthRules = [];
    for (const rule of this.growthRules) {
      const form = growingFormOf(rule, this.declarations);
      if (form === undefined) this.fullGrowthRules.push(rule);
      else this.growingForms.push(form);
    }
    let criteriaWeight = 0;
    for (const criterion of config.criteria) criteriaWeight += criterion.weight;
    this.criteriaWeight = criteriaWeight > 0 ? criteriaWeight : 1;
    let rulesWeight = 0;
    for (const rule of this.rules) rulesWeight += rule.weight ?? (rule.hard === false ? 1 : 0);
    this.rulesWeight = rulesWeight;
  }

  /** Every rule's verdict on a candidate at `nowMs` (each ticket's wait then). */
  verdict(match: RuleMatch, nowMs: number): RulesVerdict {
    const memo = this.memo;
    if (memo !== undefined && memo.match === match && memo.nowMs === nowMs) return memo.verdict;
    const verdict = evaluateRules(this.rules, this.declarations, this.candidateOf(match, nowMs));
    this.memo = { match, nowMs, verdict };
    return verdict;
  }

  private candidateOf(match: RuleMatch, nowMs: number): RuleCandidate {
    return ruleCandidateOf(match as CandidateMatch<unknown> & { teams: ScoredTicket<unknown>[][] }, nowMs);
  }

  /**
   * The earliest time >= nowMs from which the candidate's hard rules could all pass (they only relax
   * with the wait); Infinity when they never will for these players. A failing compound rule cannot
   * say: its candidates are looked at again whenever one of its limits changes.
   */
  passFromMs(match: RuleMatch, nowMs: number): number {
    const verdict = this.verdict(match, nowMs);
    if (verdict.pass) return nowMs;
    if (verdict.retryAfterMs !== undefined) return nowMs + verdict.retryAfterMs;
    const candidate = this.candidateOf(match, nowMs);
    let next = Number.POSITIVE_INFINITY;
    for (const outcome of verdict.failed) {
      const rule = this.rules.find((item) => item.name === outcome.rule);
      if (rule === undefined) continue;
      const waitMs = ruleWaitMs(rule, candidate);
      next = Math.min(next, nowMs + (nextChangeWaitMs(rule, waitMs) - waitMs));
    }
    return next;
  }

  /** The quality with the rules' weighted scores joined to the criteria's weighted mean. */
  blend(criteriaScore: number, verdict: RulesVerdict): number {
    if (verdict.weight === 0) return criteriaScore;
    return (
      (criteriaScore * this.criteriaWeight + verdict.weightedScore) / (this.criteriaWeight + verdict.weight)
    );
  }

  /** The highest quality a candidate whose criteria can reach `criteriaCeiling` can reach (rules at 1). */
  ceiling(criteriaCeiling: number): number {
    if (this.rulesWeight === 0) return criteriaCeiling;
    return (
      (criteriaCeiling * this.criteriaWeight + this.rulesWeight) / (this.criteriaWeight + this.rulesWeight)
    );
  }

  /**
   * What the rules a split can change add to a split's value: their weighted scores, and, for each
   * hard one that fails, -2 plus its score (so a split closer to keeping it ranks higher, and every
   * split that keeps the hard rules ranks above every split that breaks one).
   */
  splitAdjustment(match: RuleMatch, nowMs: number): number {
    const verdict = evaluateRules(this.splitRules, this.declarations, this.candidateOf(match, nowMs), LEAN);
    let adjustment = verdict.weightedScore / (this.criteriaWeight + this.rulesWeight);
    for (const outcome of verdict.failed) adjustment += outcome.score - 2;
    return adjustment;
  }

  /**
   * True when the split's hard team rules pass and no team rule has a weight: no other split of the
   * same tickets can do better by the rules.
   */
  splitKeeps(match: RuleMatch, nowMs: number): boolean {
    if (this.weightedSplitRules) return false;
    return evaluateRules(this.splitRules, this.declarations, this.candidateOf(match, nowMs), LEAN).pass;
  }

  /** True when the hard latency rules hold with the match played in `region`. */
  latencyHolds(match: RuleMatch, region: string, nowMs: number): boolean {
    const candidate = this.candidateOf({ teams: match.teams, region }, nowMs);
    return evaluateRules(this.latencyRules, this.declarations, candidate, LEAN).pass;
  }

  /**
   * From when two tickets may meet in a match as far as the rules that decide for two tickets alone
   * say: `nowMs` when they may now, Infinity when never (the same players never pass them).
   */
  pairAllowedFromMs(a: ScoredTicket<unknown>, b: ScoredTicket<unknown>, nowMs: number): number {
    // Two waiting tickets never change and these rules only relax with the newest one's wait, so the
    // time from which they may meet is fixed: read once per pair.
    let known = this.pairTimes.get(a);
    const cached = known?.get(b);
    if (cached !== undefined) return Math.max(nowMs, cached);
    const candidate = this.candidateOf({ teams: [[a, b]] }, nowMs);
    const verdict = evaluateRules(this.pairRules, this.declarations, candidate, LEAN);
    const fromMs = verdict.pass
      ? nowMs
      : verdict.retryAfterMs === undefined
        ? Number.POSITIVE_INFINITY
        : nowMs + verdict.retryAfterMs;
    if (known === undefined) {
      known = new Map();
      this.pairTimes.set(a, known);
    }
    // A pass now says nothing of earlier times, but times only move forward.
    known.set(b, fromMs);
    return fromMs;
  }

  /** The verdict of the rules that decide for two tickets alone, on those two. */
  pairVerdict(a: ScoredTicket<unknown>, b: ScoredTicket<unknown>, nowMs: number): RulesVerdict {
    return evaluateRules(this.pairRules, this.declarations, this.candidateOf({ teams: [[a, b]] }, nowMs));
  }

  /**
   * A check for a growing match at `nowMs`: true when adding `next` to the tickets already chosen
   * breaks no rule a larger match could keep. Tickets are read for the rules once per check. Rules
   * with a growing form (rules/growing.ts) keep a summary per prefix of `chosen`, so a check costs
   * the new ticket, not the match; the summaries follow `chosen` as a fill changes it at its end
   * (adds a ticket, takes back the last).
   */
  admitter(
    nowMs: number,
  ): (chosen: readonly ScoredTicket<unknown>[], next: ScoredTicket<unknown>) => boolean {
    const read = new Map<ScoredTicket<unknown>, RuleTicket>();
    const ruleTicket = (ticket: ScoredTicket<unknown>): RuleTicket => {
      let found = read.get(ticket);
      if (found === undefined) {
        found = {
          ticketId: ticket.ticketId,
          players: ticket.players.map((player) => player.profile),
          waitMs: Math.max(0, nowMs - ticket.enqueuedAtMs),
        };
        read.set(ticket, found);
      }
      return found;
    };
    const forms = this.growingForms;
    const rest = this.fullGrowthRules;
    // levels[k]: the summaries of chosen[0..k], with the ticket they end at.
    const levels: { ticket: ScoredTicket<unknown>; summaries: unknown[] }[] = [];
    let following: readonly ScoredTicket<unknown>[] | undefined;
    const summariesOf = (chosen: readonly ScoredTicket<unknown>[]): unknown[] => {
      if (chosen !== following) {
        following = chosen;
        levels.length = 0;
      }
      if (levels.length > chosen.length) levels.length = chosen.length;
      while (levels.length > 0 && levels[levels.length - 1]?.ticket !== chosen[levels.length - 1])
        levels.pop();
      for (let k = levels.length; k < chosen.length; k++) {
        const ticket = chosen[k] as ScoredTicket<unknown>;
        const before = levels[k - 1]?.summaries;
        const added = ruleTicket(ticket);
        levels.push({
          ticket,
          summaries: forms.map((form, i) => form.add(before === undefined ? form.empty : before[i], added)),
        });
      }
      return levels[levels.length - 1]?.summaries ?? forms.map((form) => form.empty);
    };
    return (chosen, next) => {
      if (forms.length > 0) {
        const summaries = summariesOf(chosen);
        const added = ruleTicket(next);
        for (let i = 0; i < forms.length; i++) {
          const form = forms[i] as GrowingRule<unknown>;
          if (!form.passes(form.add(summaries[i], added))) return false;
        }
      }
      if (rest.length === 0) return true;
      const team = chosen.map(ruleTicket);
      team.push(ruleTicket(next));
      return evaluateRules(rest, this.declarations, { teams: [team] }, LEAN).pass;
    };
  }

  /**
   * True when a limit (or the optionality) of a rule a split can change moved between `thenMs` and
   * `nowMs` for these tickets: a split chosen then may no longer be the best now.
   */
  splitLimitsChanged(match: RuleMatch, thenMs: number, nowMs: number): boolean {
    const then = this.candidateOf(match, thenMs);
    const now = this.candidateOf(match, nowMs);
    return this.splitRules.some(
      (rule) => nextChangeWaitMs(rule, ruleWaitMs(rule, then)) <= ruleWaitMs(rule, now),
    );
  }
}
