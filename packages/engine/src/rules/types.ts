/**
 * Rules studios already write (FlexMatch rule sets, PlayFab queue rules), as matchd queue config:
 * player attributes with declared types and defaults, and rules that are hard (a filter that never
 * breaks) or soft (a score weighted into the match quality), each relaxing with the wait. The
 * evaluation is a pure function over a candidate match (`evaluate.ts`); docs/rules.md is the
 * reference.
 */

import type { Relaxation } from '../queue/types.ts';

/** FlexMatch's four attribute types: number, string, string list, string-to-number map. */
export type AttributeType = 'number' | 'string' | 'string_list' | 'string_number_map';

/** A player's attribute value, of one of the four types. */
export type AttributeValue = number | string | readonly string[] | Readonly<Record<string, number>>;

/** A player's attributes on a ticket: `players[].attributes`. */
export type PlayerAttributes = Readonly<Record<string, AttributeValue>>;

/** An attribute the queue declares: its type and the value a player without one gets. */
export interface AttributeDeclaration {
  readonly type: AttributeType;
  readonly default?: AttributeValue;
}

/** `QueueConfig.attributes`: every attribute a ticket may carry, by name. */
export type AttributeDeclarations = Readonly<Record<string, AttributeDeclaration>>;

/**
 * A rule's limit: a number, or a relaxation over the wait (FlexMatch expansion steps, PlayFab
 * linear or custom expansions). Maximum limits relax upwards, minimum limits downwards.
 */
export type Limit = number | Relaxation;

/** How a team or the whole match aggregates its players' numbers; `count` counts players. */
export type NumberAggregate = 'min' | 'max' | 'avg' | 'sum' | 'count';

/** How a party (a ticket of several players) aggregates a numeric attribute. */
export type NumberPartyAggregate = 'min' | 'max' | 'avg' | 'sum';

/** How a party aggregates a string list: every member's items, or the items all members share. */
export type ListPartyAggregate = 'union' | 'intersection';

export type PartyAggregate = NumberPartyAggregate | ListPartyAggregate;

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** What every rule has. */
interface RuleBase {
  /** Unique in the queue (compound rules included); explanations name it. */
  readonly name: string;
  readonly description?: string;
  /** Hard (default): the match must pass it, whatever its quality. Soft: only its score counts. */
  readonly hard?: boolean;
  /** Weight of the rule's score in the match quality; default 1 for a soft rule, 0 for a hard one. */
  readonly weight?: number;
  /** From this wait on the rule no longer applies (PlayFab's `SecondsUntilOptional`). */
  readonly optionalAfterMs?: number;
  /**
   * Whose wait relaxes the limits and reaches `optionalAfterMs`: the match's newest ticket (default:
   * every ticket accepts the match under its own wait) or its oldest (FlexMatch's
   * `expansionAgeSelection: oldest`).
   */
  readonly expansionAge?: 'newest' | 'oldest';
  /**
   * A player with no value and no declared default: `fail` (default) fails the rule, `ignore` leaves
   * the player out of it (PlayFab's `MatchAny`).
   */
  readonly whenMissing?: 'fail' | 'ignore';
  /**
   * How a party aggregates the attribute before the rule reads it: every member then carries the
   * party's value (FlexMatch's `partyAggregation`). Default: each player's own value.
   */
  readonly partyAggregate?: PartyAggregate;
  /**
   * The named team (`QueueConfig.teams[].name`) whose players alone the rule reads: FlexMatch's
   * `teams[monster]`. Default: every player of the match. Not for compound rules (their inner rules
   * name their own team) or party similarity.
   */
  readonly team?: string;
}

/**
 * What a comparison compares with, besides a constant: an aggregate over the players of one named
 * team (`max(teams[players].desiredSkillOfMonster)`), or of the whole match without `team`.
 */
export interface ComparisonReference {
  readonly team?: string;
  /** Required unless `aggregate` is `count`. */
  readonly attribute?: string;
  readonly aggregate: NumberAggregate;
}

/**
 * Compares values with an operator. `player`: every player's value; `team`: every team's aggregate;
 * `match`: the aggregate over all players. With `value`, each compares to it (a limit that relaxes
 * for `<`, `<=`, `>`, `>=`); without, the values compare with each other: `=` all equal, `!=` all
 * different.
 */
export interface ComparisonRule extends RuleBase {
  readonly kind: 'comparison';
  /** Required unless `aggregate` is `count`. */
  readonly attribute?: string;
  readonly scope: 'player' | 'team' | 'match';
  /** Team and match scopes; default `avg`. */
  readonly aggregate?: NumberAggregate;
  readonly operator: ComparisonOperator;
  readonly value?: Limit | string;
  /** Instead of `value`: each measured value compares with this aggregate (numbers only). */
  readonly against?: ComparisonReference;
}

/**
 * The largest difference between players (`player`) or between the teams' aggregates (`team`):
 * `spread` (default) is largest minus smallest, `match` the largest distance from the same aggregate
 * over all players (FlexMatch's "each team's average within 10 of the match average").
 */
export interface DistanceRule extends RuleBase {
  readonly kind: 'distance';
  readonly attribute?: string;
  readonly scope: 'player' | 'team';
  readonly aggregate?: NumberAggregate;
  readonly reference?: 'spread' | 'match';
  readonly maxDistance?: Limit;
  readonly minDistance?: Limit;
}

/** Every player of the match (or of each team) has the same string. */
export interface StringEqualityRule extends RuleBase {
  readonly kind: 'string-equality';
  readonly attribute: string;
  readonly scope?: 'match' | 'team';
}

/**
 * String lists in common. Without `against`: the players' lists (of the match, or of each team)
 * share between `minCount` and `maxCount` items. With it: each player's list has that many items in
 * the reference set, which is the intersection or union of another attribute over the match's
 * players (FlexMatch's `reference_intersection_count`) or the match's player ids (block lists).
 */
export interface SetIntersectionRule extends RuleBase {
  readonly kind: 'set-intersection';
  readonly attribute: string;
  readonly scope?: 'match' | 'team';
  readonly against?:
    | { readonly attribute: string; readonly combine: 'intersection' | 'union' }
    | { readonly playerIds: true };
  readonly minCount?: Limit;
  readonly maxCount?: Limit;
}

/**
 * Counts per team (or in the match): the players whose value is `value` (a list contains it), or
 * without `value` the sum of the numeric attribute (PlayFab's MatchTotal), within [`min`, `max`]:
 * exactly one medic per team, at most five in the match, one host.
 */
export interface CompositionRule extends RuleBase {
  readonly kind: 'composition';
  readonly attribute: string;
  readonly value?: string | number;
  readonly scope: 'team' | 'match';
  readonly min?: Limit;
  readonly max?: Limit;
}

/**
 * Every player's ping to the match's region is at most `maxLatencyMs`; optionally within
 * `maxDistanceMs` of the players' `min` or `avg` ping (FlexMatch's `distanceReference`).
 */
export interface LatencyRule extends RuleBase {
  readonly kind: 'latency';
  readonly maxLatencyMs: Limit;
  readonly maxDistanceMs?: Limit;
  readonly distanceReference?: 'min' | 'avg';
}

/**
 * FlexMatch's batch distance: every player's (party's, `avg` by default) number within
 * `maxDistance` of every other's; a string attribute must be the same for all.
 */
export interface BatchDistanceRule extends RuleBase {
  readonly kind: 'batch-distance';
  readonly attribute: string;
  readonly maxDistance?: Limit;
}

/**
 * PlayFab's Team Ticket Size Similarity: every team has a party of at least `largePartySize`
 * players, or none has (no premade team against randoms).
 */
export interface PartySimilarityRule extends RuleBase {
  readonly kind: 'party-similarity';
  readonly largePartySize: number;
}

/** A logical statement over rules written inline; they count only through the statement. */
export type CompoundStatement =
  | { readonly and: readonly CompoundStatement[] }
  | { readonly or: readonly CompoundStatement[] }
  | { readonly xor: readonly CompoundStatement[] }
  | { readonly not: CompoundStatement }
  | { readonly rule: Rule };

/** And, or, xor (exactly one), not over inline rules (FlexMatch's compound rule). */
export interface CompoundRule extends RuleBase {
  readonly kind: 'compound';
  readonly statement: CompoundStatement;
}

export type Rule =
  | ComparisonRule
  | DistanceRule
  | StringEqualityRule
  | SetIntersectionRule
  | CompositionRule
  | LatencyRule
  | BatchDistanceRule
  | PartySimilarityRule
  | CompoundRule;

export type RuleKind = Rule['kind'];

/** A player as the rules see it (a `PlayerProfile` with attributes fits). */
export interface RulePlayer {
  readonly playerId: string;
  readonly attributes?: PlayerAttributes;
  readonly pingMsByRegion?: Readonly<Record<string, number>>;
}

/** A ticket of a candidate match: its players (a party when several) and its wait so far. */
export interface RuleTicket {
  readonly ticketId: string;
  readonly players: readonly RulePlayer[];
  readonly waitMs: number;
}

/** A candidate match: tickets per team, and the region it would be played in. */
export interface RuleCandidate {
  readonly teams: readonly (readonly RuleTicket[])[];
  readonly region?: string;
  /** The name of each team, in order, when the queue declares named teams (rules' `team` reads it). */
  readonly teamNames?: readonly string[];
}

/** One rule's verdict on a candidate, with the values that decided it. */
export interface RuleOutcome {
  /** The rule's name (inner rules of a compound too). */
  readonly rule: string;
  readonly kind: RuleKind;
  readonly hard: boolean;
  readonly pass: boolean;
  /** In [0, 1]: 1 when comfortably met (see docs/rules.md for each kind). */
  readonly score: number;
  readonly weight: number;
  /** Past `optionalAfterMs`: the rule passes whatever the values. */
  readonly optional: boolean;
  /** The wait the limits were relaxed to (the newest or oldest ticket's). */
  readonly waitMs: number;
  /** What was measured (a number, or a description such as the differing strings). */
  readonly measured?: number | string;
  /** The limits at that wait, by field name (`maxDistance: 50`). */
  readonly limits?: Readonly<Record<string, number>>;
  /**
   * For a failing rule: the earliest wait at which its limits (or `optionalAfterMs`) let the same
   * players pass; Infinity when no wait does; absent when not known (compound rules).
   */
  readonly passesAtWaitMs?: number;
  /** A sentence naming the rule and the values. */
  readonly explanation: string;
  /** A compound rule's operands. */
  readonly inner?: readonly RuleOutcome[];
}

/** All rules' verdict on a candidate. */
export interface RulesVerdict {
  /** True when every hard rule passes. */
  readonly pass: boolean;
  /** The hard rules that fail: what holds the candidate back. */
  readonly failed: readonly RuleOutcome[];
  /** Sum of weight x score over the rules with a weight, to add to the criteria's weighted sum. */
  readonly weightedScore: number;
  /** Sum of the rules' weights. */
  readonly weight: number;
  /**
   * When the candidate fails: how much longer its tickets must wait before every failing hard rule
   * could pass for the same players (Infinity: never; absent: unknown, a compound rule fails).
   */
  readonly retryAfterMs?: number;
  readonly outcomes: readonly RuleOutcome[];
}
