/**
 * Which named teams a ticket may play on, as the queue's hard rules on one team say (FlexMatch's
 * "only players who ask to be the monster are on the monster team"). A rule that each player of a
 * team must pass alone (a comparison per player) or that a team can only break more as it grows (at
 * most one medic) refuses a ticket for that team in every match if it refuses it alone, at the
 * ticket's own wait: a match's limits are read at its newest ticket's wait, never more relaxed.
 * Candidate search uses this to skip tickets no team can take beside those already chosen, and the
 * split to place each ticket only on teams that may take it.
 */

import { evaluateRules } from '../rules/evaluate.ts';
import type { AttributeDeclarations, Rule, RuleTicket } from '../rules/types.ts';

/** Whether a hard rule on one team refuses a ticket for that team in every match if it does alone. */
export function decidesAlone(rule: Rule): boolean {
  if (rule.team === undefined || rule.hard === false || rule.expansionAge === 'oldest') return false;
  switch (rule.kind) {
    case 'comparison':
      // Each player against a value (without one, players compare with each other).
      return rule.scope === 'player' && rule.value !== undefined && rule.against === undefined;
    case 'composition':
      // A count of a value only grows with the team (a sum of numbers might not).
      return rule.value !== undefined && rule.min === undefined && rule.max !== undefined;
    default:
      return false;
  }
}

const LEAN = { explain: false } as const;

/** Most named teams whose eligibility masks are kept. */
const MAX_TEAMS = 30;

/** The named teams' eligibility rules of a queue, compiled once. */
export class TeamEligibility {
  readonly active: boolean;
  private readonly teamNames: readonly string[];
  private readonly maxPlayers: readonly number[];
  /** Per team, the rules that decide alone for it. */
  private readonly rulesByTeam: readonly (readonly Rule[])[];
  private readonly declarations: AttributeDeclarations | undefined;

  constructor(
    teams: readonly { readonly name: string; readonly maxPlayers: number }[] | undefined,
    rules: readonly Rule[],
    declarations: AttributeDeclarations | undefined,
  ) {
    this.teamNames = (teams ?? []).map((team) => team.name);
    this.maxPlayers = (teams ?? []).map((team) => team.maxPlayers);
    this.declarations = declarations;
    const deciding = rules.filter(decidesAlone);
    this.rulesByTeam = this.teamNames.map((name) => deciding.filter((rule) => rule.team === name));
    // A team is a bit of a 32-bit mask: past 30 teams the rules alone judge (after the split).
    this.active = deciding.length > 0 && this.teamNames.length <= MAX_TEAMS;
  }

  /** A bit per team (in match order) that may take the ticket, read at the ticket's own wait. */
  mask(ticket: RuleTicket): number {
    let mask = 0;
    this.teamNames.forEach((_, t) => {
      const rules = this.rulesByTeam[t] as readonly Rule[];
      if (rules.length === 0) {
        mask |= 1 << t;
        return;
      }
      const teams = this.teamNames.map((__, other) => (other === t ? [ticket] : []));
      if (evaluateRules(rules, this.declarations, { teams, teamNames: this.teamNames }, LEAN).pass)
        mask |= 1 << t;
    });
    return mask;
  }

  /**
   * The first named team that the tickets this rule lets play on it cannot fill to `floors`: the
   * team, its rules that decide alone, and the players that may play on it. Undefined when every
   * team can be filled as far as these rules say.
   */
  shortfall(
    sizes: readonly number[],
    masks: readonly number[],
    floors: readonly number[],
  ): { team: string; rules: string[]; players: number; floor: number } | undefined {
    for (let t = 0; t < this.teamNames.length; t++) {
      const rules = this.rulesByTeam[t] as readonly Rule[];
      if (rules.length === 0) continue;
      let players = 0;
      masks.forEach((mask, i) => {
        if ((mask & (1 << t)) !== 0) players += sizes[i] as number;
      });
      const floor = floors[t] as number;
      if (players < floor)
        return { team: this.teamNames[t] as string, rules: rules.map((rule) => rule.name), players, floor };
    }
    return undefined;
  }

  /**
   * Whether tickets of these sizes and team masks have an assignment to teams that may take them
   * without overfilling any team (floors are the split's to meet). Tickets of the fewest choices
   * are placed first; `nodeLimit` placements without an answer count as a yes (the split decides).
   */
  fits(sizes: readonly number[], masks: readonly number[], nodeLimit = 2_000): boolean {
    const order = sizes
      .map((_, index) => index)
      .sort(
        (a, b) =>
          bitCount(masks[a] as number) - bitCount(masks[b] as number) ||
          (sizes[b] as number) - (sizes[a] as number),
      );
    const load = this.maxPlayers.map(() => 0);
    let nodes = 0;
    const place = (position: number): boolean => {
      if (position === order.length) return true;
      const ticket = order[position] as number;
      const size = sizes[ticket] as number;
      const mask = masks[ticket] as number;
      for (let t = 0; t < load.length; t++) {
        if ((mask & (1 << t)) === 0 || (load[t] as number) + size > (this.maxPlayers[t] as number)) continue;
        if (++nodes > nodeLimit) return true;
        load[t] = (load[t] as number) + size;
        const placed = place(position + 1);
        load[t] = (load[t] as number) - size;
        if (placed) return true;
      }
      return false;
    };
    return place(0);
  }
}

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}
