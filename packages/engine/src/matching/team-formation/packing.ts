/**
 * Who plays, and the sorted-chunk start. Parties are atomic, so not every pool fills whole matches:
 * first the pool is packed into exactly full teams (largest parties first, each completed with the
 * largest parties that still leave the team completable), which fixes how many matches the round
 * makes; then the kept tickets are laid out in sort-key order into matches (Awesomenauts' start:
 * "the top six players together get into one match, then the next six").
 */

import { validateTeamShape, validateTickets } from './validate.ts';

/** A ticket as the packer sees it. */
export interface PackingTicket {
  readonly index: number;
  readonly size: number;
  readonly priority: number;
}

/** Exactly full teams (each a list of ticket indices) and the tickets that fit in none. */
export interface TeamPacking {
  readonly teams: number[][];
  readonly unpacked: number[];
}

/**
 * Finds counts c[1..remainder] (taking at most available[s] of size s, sizes <= maxPart) summing to
 * `remainder`, preferring large parts; undefined when impossible.
 */
function completeTeam(
  available: readonly number[],
  remainder: number,
  maxPart: number,
): number[] | undefined {
  const taken = new Array<number>(available.length).fill(0);
  return searchCompletion(taken, available, remainder, maxPart) ? taken : undefined;
}

/**
 * `completeTeam`'s depth-first search (a module function, not a closure: it runs for every fill a
 * continuous tick checks, and creating closures there costs more than the search).
 */
function searchCompletion(
  taken: number[],
  available: readonly number[],
  left: number,
  largest: number,
): boolean {
  if (left === 0) return true;
  for (let size = Math.min(left, largest); size >= 1; size--) {
    if ((taken[size] as number) >= (available[size] as number)) continue;
    taken[size] = (taken[size] as number) + 1;
    if (searchCompletion(taken, available, left - size, size)) return true;
    taken[size] = (taken[size] as number) - 1;
  }
  return false;
}

const byPriorityThenIndex = (a: PackingTicket, b: PackingTicket) =>
  b.priority - a.priority || a.index - b.index;

/**
 * Packs tickets into exactly full teams of `teamSize`: repeatedly the largest remaining party opens a
 * team that is completed with the largest parties possible; a party that cannot be completed even with
 * everything left can never be, and is unpacked. Within one size, higher priority is packed first.
 */
export function packTeams(tickets: readonly PackingTicket[], teamSize: number): TeamPacking {
  const bySize: PackingTicket[][] = [];
  for (let size = 0; size <= teamSize; size++) bySize.push([]);
  for (const ticket of tickets) (bySize[ticket.size] as PackingTicket[]).push(ticket);
  for (const list of bySize) if (list.length > 1) list.sort(byPriorityThenIndex);
  const next = new Array<number>(teamSize + 1).fill(0);
  const available = bySize.map((list) => list.length);
  const teams: number[][] = [];
  const unpacked: number[] = [];
  for (let size = teamSize; size >= 1; size--) {
    while ((available[size] as number) > 0) {
      const opener = takeOfSize(bySize, next, available, size);
      const completion = completeTeam(available, teamSize - size, size);
      if (completion === undefined) {
        unpacked.push(opener);
        continue;
      }
      const team = [opener];
      for (let part = size; part >= 1; part--) {
        for (let k = 0; k < (completion[part] as number); k++)
          team.push(takeOfSize(bySize, next, available, part));
      }
      teams.push(team);
    }
  }
  return { teams, unpacked };
}

/**
 * How many exactly full teams `packTeams` makes of parties counted by size (`countsBySize[s]` parties
 * of `s` players, consumed), and how many parties it leaves unpacked: the same decisions, read from
 * the counts alone (which ticket of a size goes first never changes them). A continuous tick checks
 * this for every fill it makes, so it allocates nothing but its answer.
 */
export function packedTeamCounts(
  countsBySize: number[],
  teamSize: number,
): { readonly teams: number; readonly unpacked: number } {
  let teams = 0;
  let unpacked = 0;
  const taken = takenScratch;
  while (taken.length < teamSize + 1) taken.push(0);
  for (let size = teamSize; size >= 1; size--) {
    while ((countsBySize[size] as number) > 0) {
      countsBySize[size] = (countsBySize[size] as number) - 1;
      taken.fill(0);
      if (!searchCompletion(taken, countsBySize, teamSize - size, size)) {
        unpacked++;
        continue;
      }
      for (let part = 1; part <= size; part++)
        countsBySize[part] = (countsBySize[part] as number) - (taken[part] as number);
      teams++;
    }
  }
  return { teams, unpacked };
}

/**
 * `packedTeamCounts`'s counts of a completion, shared by every call (each clears it before use, and
 * only its first `teamSize + 1` are read).
 */
const takenScratch: number[] = [];

/** The next ticket of `size` in packing order (its index), taken. */
function takeOfSize(
  bySize: readonly (readonly PackingTicket[])[],
  next: number[],
  available: number[],
  size: number,
): number {
  const ticket = (bySize[size] as PackingTicket[])[next[size] as number] as PackingTicket;
  next[size] = (next[size] as number) + 1;
  available[size] = (available[size] as number) - 1;
  return ticket.index;
}

/**
 * How many whole matches of `teamCount` x `teamSize` the parties of `sizes` can fill (parties atomic):
 * what `formMatches` will make, 0 when it would throw UNFILLABLE_TEAMS. Throws INVALID_OPTION or
 * PARTY_TOO_LARGE on bad sizes.
 */
export function fillableMatchCount(sizes: readonly number[], teamCount: number, teamSize: number): number {
  validateTeamShape(teamCount, teamSize);
  validateTickets(
    sizes.map((size) => ({ size })),
    teamSize,
  );
  const tickets = sizes.map((size, index) => ({ index, size, priority: 0 }));
  return Math.floor(packTeams(tickets, teamSize).teams.length / teamCount);
}

/** The kept tickets as full teams, and the left-out ones. */
export interface KeptSelection {
  readonly teams: number[][];
  readonly leftOut: number[];
}

/**
 * Chooses who plays: the full teams of the packing, as many as make whole matches (dropping the teams
 * of lowest priority), then swaps left-out tickets in for kept ones of lower priority and the same
 * total size within one team, so that the longest waiting play first.
 */
export function selectKept(options: {
  readonly tickets: readonly PackingTicket[];
  readonly teamCount: number;
  readonly teamSize: number;
  readonly maxGroupSize: number;
}): KeptSelection {
  const { tickets, teamCount, teamSize, maxGroupSize } = options;
  const packing = packTeams(tickets, teamSize);
  const priorityOf = (index: number): number => (tickets[index] as PackingTicket).priority;
  const sizeOf = (index: number): number => (tickets[index] as PackingTicket).size;
  const keepTeams = Math.floor(packing.teams.length / teamCount) * teamCount;
  const ranked = packing.teams
    .map((team) => ({ team, priority: Math.max(...team.map(priorityOf)) }))
    .sort((a, b) => b.priority - a.priority);
  const teams = ranked.slice(0, keepTeams).map((entry) => entry.team);
  const leftOut = [...packing.unpacked, ...ranked.slice(keepTeams).flatMap((entry) => entry.team)];
  leftOut.sort((a, b) => priorityOf(b) - priorityOf(a) || a - b);
  for (let position = 0; position < leftOut.length; position++) {
    const incoming = leftOut[position] as number;
    const swap = lowestPriorityUnit({ teams, incoming, priorityOf, sizeOf, maxGroupSize });
    if (swap === undefined) continue;
    const team = teams[swap.team] as number[];
    const outgoing = swap.members;
    teams[swap.team] = [...team.filter((member) => !outgoing.includes(member)), incoming];
    leftOut.splice(position, 1, ...outgoing);
    // Re-examine from the start: the tickets swapped out may in turn outrank others.
    leftOut.sort((a, b) => priorityOf(b) - priorityOf(a) || a - b);
    position = -1;
  }
  leftOut.sort((a, b) => a - b);
  return { teams, leftOut };
}

/** The kept unit (tickets of one team, total size of `incoming`) of lowest top priority below it. */
function lowestPriorityUnit(options: {
  readonly teams: readonly (readonly number[])[];
  readonly incoming: number;
  readonly priorityOf: (index: number) => number;
  readonly sizeOf: (index: number) => number;
  readonly maxGroupSize: number;
}): { team: number; members: number[] } | undefined {
  const { teams, incoming, priorityOf, sizeOf, maxGroupSize } = options;
  const target = sizeOf(incoming);
  const ceiling = priorityOf(incoming);
  let best: { team: number; members: number[]; priority: number } | undefined;
  teams.forEach((team, teamIndex) => {
    const chosen: number[] = [];
    const visit = (start: number, left: number, top: number): void => {
      if (left === 0) {
        if (top < ceiling && (best === undefined || top < best.priority)) {
          best = { team: teamIndex, members: chosen.slice(), priority: top };
        }
        return;
      }
      if (chosen.length === maxGroupSize) return;
      for (let k = start; k < team.length; k++) {
        const member = team[k] as number;
        if (sizeOf(member) > left) continue;
        chosen.push(member);
        visit(k + 1, left - sizeOf(member), Math.max(top, priorityOf(member)));
        chosen.pop();
      }
    };
    visit(0, target, Number.NEGATIVE_INFINITY);
  });
  return best === undefined ? undefined : { team: best.team, members: best.members };
}

/**
 * Lays the kept tickets out into matches in `keyOf` order: each ticket joins the current match's
 * fullest team that still has room, or waits for the next match if none has; a full match is closed.
 * When the walk strands tickets, the stranded tail is re-packed by `packTeams`, and failing that the
 * kept teams themselves (which are known to fit) are grouped by their mean key.
 */
export function sortedChunks(options: {
  readonly kept: readonly number[][];
  readonly sizeOf: (index: number) => number;
  readonly keyOf: (index: number) => number;
  readonly teamCount: number;
  readonly teamSize: number;
}): number[][] {
  const { kept, sizeOf, keyOf, teamCount, teamSize } = options;
  const matchTotal = kept.length / teamCount;
  const sorted = kept.flat().sort((a, b) => keyOf(a) - keyOf(b) || a - b);
  const matches: number[][] = [];
  let deferred: number[] = [];
  let members: number[] = [];
  let room = new Array<number>(teamCount).fill(teamSize);
  let filled = 0;
  const tryPlace = (ticket: number): boolean => {
    const size = sizeOf(ticket);
    let team = -1;
    for (let t = 0; t < teamCount; t++) {
      const left = room[t] as number;
      if (left >= size && (team < 0 || left < (room[team] as number))) team = t;
    }
    if (team < 0) return false;
    room[team] = (room[team] as number) - size;
    members.push(ticket);
    filled += size;
    return true;
  };
  const closeIfFull = (): void => {
    if (filled < teamCount * teamSize) return;
    matches.push(members);
    members = [];
    room = new Array<number>(teamCount).fill(teamSize);
    filled = 0;
    const waiting = deferred;
    deferred = [];
    for (const ticket of waiting) {
      if (!tryPlace(ticket)) deferred.push(ticket);
      closeIfFull();
    }
  };
  for (const ticket of sorted) {
    if (!tryPlace(ticket)) deferred.push(ticket);
    closeIfFull();
  }
  if (matches.length === matchTotal) return matches;
  const stranded = [...members, ...deferred];
  const repacked = packTeams(
    stranded.map((index) => ({ index, size: sizeOf(index), priority: 0 })),
    teamSize,
  );
  if (matches.length + Math.floor(repacked.teams.length / teamCount) >= matchTotal) {
    return [
      ...matches,
      ...groupTeams(repacked.teams, keyOf, teamCount).slice(0, matchTotal - matches.length),
    ];
  }
  return groupTeams(kept, keyOf, teamCount);
}

function groupTeams(
  teams: readonly number[][],
  keyOf: (index: number) => number,
  teamCount: number,
): number[][] {
  const meanKey = (team: readonly number[]): number =>
    team.reduce((sum, ticket) => sum + keyOf(ticket), 0) / team.length;
  const ordered = teams.slice().sort((a, b) => meanKey(a) - meanKey(b));
  const matches: number[][] = [];
  for (let start = 0; start + teamCount <= ordered.length; start += teamCount) {
    matches.push(ordered.slice(start, start + teamCount).flat());
  }
  return matches;
}
