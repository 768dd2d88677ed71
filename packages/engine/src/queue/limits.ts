/**
 * The hard limits of a candidate match, in one place: each is checked for every ticket of every
 * candidate (by the handshake), never waived (not by a long wait, not by a forced match), and can
 * say when it could next hold (limits that relax with a ticket's wait only ever widen) and why it
 * fails. Soft quality (the threshold) is the handshake's other half. Rules that compare the tickets
 * of a match (player attributes, latency, composition) plug in here as further limits.
 *
 * - `gates`: every player passes the queue's gates, and low-priority tickets meet only each other
 *   (checked at enqueue too, where a failing ticket is refused).
 * - `ping-cap`: every player of the ticket has at most its relaxed maximum ping to the match's region.
 * - `match-size`: the match holds at least the fewest players the ticket accepts at its wait.
 * - `team-sizes`: team count and sizes within the shape (a guard: candidates are built that way).
 * - `fairness-floor`: the favourite's win probability is at most the queue's bound.
 * - `rule`: every hard rule of the queue passes (queue-rules.ts; docs/rules.md), its limits relaxed
 *   with the match's newest ticket's wait (so every ticket accepts it at its own), or the oldest's
 *   where a rule says so.
 */

import type { CandidateMatch, ScoredTicket } from '../quality/types.ts';
import { QueueRules } from './queue-rules.ts';
import { relaxedValue, waitUntilRelaxedTo } from './relaxation.ts';
import { floorAt, type MatchShape, teamFloorsAt, teamsFit } from './shape.ts';
import type { HardLimitKind, LimitHold, QueueConfig } from './types.ts';
import { gatedGames } from './validate-ticket.ts';

/** What the limits read of a candidate. */
export interface LimitCandidate<TRating> {
  readonly match: CandidateMatch<TRating>;
  readonly winProbabilities: readonly number[];
}

/** One broken limit for one ticket. */
export interface Breach {
  readonly limit: HardLimitKind;
  readonly ticketId: string;
}

/** The breaches of every candidate that breaks no limit (one list, never written). */
const NO_BREACHES: readonly Breach[] = Object.freeze([]);

/** A candidate with what several limits read, computed once (a free-for-all has 100 tickets). */
interface Prepared<TRating> extends LimitCandidate<TRating> {
  readonly tickets: readonly ScoredTicket<TRating>[];
  readonly players: number;
  readonly teamPlayers: readonly number[];
  readonly lowPriority: boolean;
}

/**
 * A ticket's pings as the limits read them, in `regions.names` order: the worst ping of its players
 * per region, and, once asked for, when each region first is within its ping cap (see
 * `pingCapOpensMs`). Plain arrays of one number per region: a typed array costs several times as much
 * to make (one of each per arriving ticket, the openings of most in the tick that first reads them).
 */
interface PingRecord {
  readonly pings: readonly number[];
  opens: readonly number[] | undefined;
}

/** `Prepared`, as `HardLimits.prepare` fills it in anew for each candidate. */
interface PreparedRecord<TRating> {
  match: CandidateMatch<TRating>;
  winProbabilities: readonly number[];
  readonly tickets: ScoredTicket<TRating>[];
  players: number;
  readonly teamPlayers: number[];
  lowPriority: boolean;
}

interface HardLimit {
  readonly kind: HardLimitKind;
  /** The same for every ticket of a match: checked once per candidate. */
  readonly perMatch: boolean;
  holds<TRating>(ticket: ScoredTicket<TRating>, candidate: Prepared<TRating>, nowMs: number): boolean;
  /** The earliest time >= nowMs at which it holds for this candidate, Infinity if never. */
  holdsFromMs<TRating>(ticket: ScoredTicket<TRating>, candidate: Prepared<TRating>, nowMs: number): number;
  describe<TRating>(ticket: ScoredTicket<TRating>, candidate: Prepared<TRating>, nowMs: number): string;
}

/** The largest ping of a ticket's players to `region` (Infinity when one has none). */
function worstPing<TRating>(ticket: ScoredTicket<TRating>, region: string): number {
  let worst = 0;
  for (const player of ticket.players)
    worst = Math.max(worst, player.profile.pingMsByRegion?.[region] ?? Number.POSITIVE_INFINITY);
  return worst;
}

/**
 * Some player of the ticket is low-priority. (Index loops here and below: candidates' arrays come
 * from several builders, and `for ... of` or a callback over arrays of several kinds steps a real
 * iterator or makes a closure, an object per call.)
 */
function isLowPriority<TRating>(ticket: ScoredTicket<TRating>): boolean {
  const players = ticket.players;
  for (let p = 0; p < players.length; p++)
    if ((players[p] as ScoredTicket<TRating>['players'][number]).profile.lowPriority === true) return true;
  return false;
}

/** Players of a candidate. */
export function playersOf<TRating>(match: CandidateMatch<TRating>): number {
  let players = 0;
  const teams = match.teams;
  for (let t = 0; t < teams.length; t++) {
    const team = teams[t] as readonly ScoredTicket<TRating>[];
    for (let i = 0; i < team.length; i++) players += (team[i] as ScoredTicket<TRating>).players.length;
  }
  return players;
}

const formatMs = (ms: number) => `${Math.round(ms)} ms`;

/** The queue's hard limits, compiled once. */
export class HardLimits {
  private readonly config: QueueConfig;
  private readonly shape: MatchShape;
  private readonly fairnessBound: number;
  private readonly limits: readonly HardLimit[];
  /** The queue's rules: the hard ones are a limit here, the rest is read by scoring and search. */
  readonly rules: QueueRules;

  /** Region name to its position in `regions.names`. */
  private readonly regionPositions: ReadonlyMap<string, number>;
  /**
   * What is read of each ticket's pings (see `PingRecord`): one entry per ticket in one weak map,
   * so that a ticket's cap openings, once asked for, cost no second entry to add and look up.
   */
  private readonly pingRecords = new WeakMap<ScoredTicket<unknown>, PingRecord>();

  constructor(config: QueueConfig, shape: MatchShape) {
    this.config = config;
    this.regionPositions = new Map((config.regions?.names ?? []).map((name, index) => [name, index]));
    this.shape = shape;
    this.fairnessBound = config.objective?.maxFavouriteWinProbability ?? 1;
    const limits: HardLimit[] = [this.teamSizes(), this.gates()];
    if (config.regions !== undefined) limits.push(this.pingCap());
    // Named teams keep their own floors (the team-sizes limit); the match's size follows from them.
    if (shape.minPlayers < shape.maxPlayers && shape.named === undefined) limits.push(this.matchSize());
    if (this.fairnessBound < 1) limits.push(this.fairnessFloor());
    this.rules = new QueueRules(config);
    if (this.rules.hasHard) limits.push(this.hardRules());
    this.limits = limits;
  }

  /** Whether the queue has regions (and so ping caps). */
  get usesRegions(): boolean {
    return this.config.regions !== undefined;
  }

  /** A ticket's maximum ping at `nowMs` (relaxed with its wait), or Infinity without regions. */
  maxPingAt(ticket: { readonly enqueuedAtMs: number }, nowMs: number): number {
    const regions = this.config.regions;
    return regions === undefined
      ? Number.POSITIVE_INFINITY
      : relaxedValue(regions.maxPingMs, nowMs - ticket.enqueuedAtMs, 'up');
  }

  /** The largest ping of a ticket's players to `region` (0 without regions; Infinity when unknown). */
  ticketPingMs<TRating>(ticket: ScoredTicket<TRating>, region: string | undefined): number {
    if (region === undefined) return this.config.regions === undefined ? 0 : Number.POSITIVE_INFINITY;
    // Candidates ask for one region after another of the same (a match's region for each ticket).
    let position: number | undefined;
    if (region === this.lastRegion) position = this.lastRegionPosition;
    else {
      position = this.regionPositions.get(region);
      this.lastRegion = region;
      this.lastRegionPosition = position;
    }
    if (position === undefined) return worstPing(ticket, region);
    return this.pingRecordOf(ticket).pings[position] as number;
  }

  /** The region `ticketPingMs` last read, and its position (undefined when not a queue region). */
  private lastRegion: string | undefined;
  private lastRegionPosition: number | undefined;

  /**
   * A ticket's worst ping per region, in `regions.names` order (not to be written). A waiting ticket
   * never changes: read once, not per candidate.
   */
  worstPingsOf<TRating>(ticket: ScoredTicket<TRating>): readonly number[] {
    return this.pingRecordOf(ticket).pings;
  }

  /** A ticket's `PingRecord`, made at the first question (its arrival). */
  private pingRecordOf<TRating>(ticket: ScoredTicket<TRating>): PingRecord {
    // The two tickets last read answer without a lookup in the whole pool's map: a look proposes
    // its ticket with one neighbour after another, each ticket read in turn (a ticket's pings never
    // change, so a remembered record stays right).
    if (ticket === this.recentTicket) return this.recentRecord as PingRecord;
    if (ticket === this.earlierTicket) return this.earlierRecord as PingRecord;
    const record = this.lookUpPingRecord(ticket);
    this.earlierTicket = this.recentTicket;
    this.earlierRecord = this.recentRecord;
    this.recentTicket = ticket;
    this.recentRecord = record;
    return record;
  }

  /** The ticket `pingRecordOf` last read and its record, then the one read before it. */
  private recentTicket: ScoredTicket<unknown> | undefined;
  private recentRecord: PingRecord | undefined;
  private earlierTicket: ScoredTicket<unknown> | undefined;
  private earlierRecord: PingRecord | undefined;

  /** A ticket's `PingRecord` from the map, made at the first question (its arrival). */
  private lookUpPingRecord<TRating>(ticket: ScoredTicket<TRating>): PingRecord {
    let record = this.pingRecords.get(ticket);
    if (record === undefined) {
      // A plain loop (read once per ticket, at its arrival): no closure or iterator.
      const names = this.config.regions?.names ?? [];
      const pings: number[] = new Array(names.length);
      for (let r = 0; r < names.length; r++) pings[r] = worstPing(ticket, names[r] as string);
      record = { pings, opens: undefined };
      this.pingRecords.set(ticket, record);
    }
    return record;
  }

  /** The regions a ticket's players can play in under its ping cap at `nowMs`. */
  reachableRegions<TRating>(ticket: ScoredTicket<TRating>, nowMs: number): string[] {
    const regions = this.config.regions;
    if (regions === undefined) return [];
    const cap = this.maxPingAt(ticket, nowMs);
    return regions.names.filter((region) => this.ticketPingMs(ticket, region) <= cap);
  }

  /**
   * For each ticket, a bit per region (in `regions.names` order) that its players can play in under
   * its ping cap at `nowMs`; undefined without regions or with more than 32. A match of these tickets
   * keeps every ping cap in some region exactly when the AND of their masks is not 0.
   */
  regionMasks<TRating>(tickets: readonly ScoredTicket<TRating>[], nowMs: number): Uint32Array | undefined {
    const names = this.config.regions?.names;
    if (names === undefined || names.length > 32) return undefined;
    const masks = new Uint32Array(tickets.length);
    tickets.forEach((ticket, index) => {
      const cap = this.maxPingAt(ticket, nowMs);
      let mask = 0;
      names.forEach((region, bit) => {
        if (this.ticketPingMs(ticket, region) <= cap) mask |= 1 << bit;
      });
      masks[index] = mask >>> 0;
    });
    return masks;
  }

  /** The fewest players a ticket accepts in its match at `nowMs`. */
  minPlayersAt(ticket: { readonly enqueuedAtMs: number }, nowMs: number): number {
    const named = this.shape.named;
    if (named !== undefined) {
      let floors = 0;
      for (const floor of teamFloorsAt(named, nowMs - ticket.enqueuedAtMs)) floors += floor;
      return floors;
    }
    if (this.shape.minPlayers === this.shape.maxPlayers) return this.shape.maxPlayers;
    const relaxed = relaxedValue(this.shape.minMatchPlayers, nowMs - ticket.enqueuedAtMs, 'down');
    return Math.max(this.shape.minPlayers, Math.ceil(relaxed - 1e-9));
  }

  /** The favourite's win probability is above the fairness bound (a single team has no favourite). */
  isUnfair(winProbabilities: readonly number[]): boolean {
    if (this.fairnessBound >= 1 || winProbabilities.length < 2) return false;
    let favourite = 0;
    for (const p of winProbabilities) favourite = Math.max(favourite, p);
    return favourite > this.fairnessBound + 1e-12;
  }

  /**
   * Hot (every candidate of every tick): plain loops, no spreads or intermediate arrays, and one
   * record serves every call (no limit reads a candidate after its call returns, nor prepares another
   * while it runs).
   */
  private prepare<TRating>(
    match: CandidateMatch<TRating>,
    winProbabilities: readonly number[],
  ): Prepared<TRating> {
    const prepared = this.prepared as PreparedRecord<TRating>;
    const teams = match.teams;
    const teamPlayers = prepared.teamPlayers;
    const tickets = prepared.tickets;
    // Lengths set only when they change: setting one costs a call even when it does not.
    if (teamPlayers.length !== teams.length) teamPlayers.length = teams.length;
    let count = 0;
    let players = 0;
    for (let t = 0; t < teams.length; t++) {
      const team = teams[t] as readonly ScoredTicket<TRating>[];
      let inTeam = 0;
      for (let i = 0; i < team.length; i++) {
        const ticket = team[i] as ScoredTicket<TRating>;
        inTeam += ticket.players.length;
        tickets[count++] = ticket;
      }
      teamPlayers[t] = inTeam;
      players += inTeam;
    }
    if (tickets.length !== count) tickets.length = count;
    const first = tickets[0];
    prepared.match = match;
    prepared.winProbabilities = winProbabilities;
    prepared.players = players;
    prepared.lowPriority = first !== undefined && isLowPriority(first);
    return prepared;
  }

  /** `prepare`'s record (its arrays are reused; it holds the last candidate prepared). */
  private readonly prepared: PreparedRecord<unknown> = {
    match: { teams: [] },
    winProbabilities: [],
    tickets: [],
    players: 0,
    teamPlayers: [],
    lowPriority: false,
  };

  /** Every limit that fails, for every ticket of the candidate. */
  breaches<TRating>(candidate: LimitCandidate<TRating>, nowMs: number): readonly Breach[] {
    return this.breachesOf(candidate.match, candidate.winProbabilities, nowMs);
  }

  /** `breaches` of a candidate given by its parts (the handshake judges every candidate: no record made). */
  breachesOf<TRating>(
    match: CandidateMatch<TRating>,
    winProbabilities: readonly number[],
    nowMs: number,
  ): readonly Breach[] {
    const prepared = this.prepare(match, winProbabilities);
    const tickets = prepared.tickets;
    // Made only when a limit fails (most candidates judged break none).
    let found: Breach[] | undefined;
    for (let l = 0; l < this.limits.length; l++) {
      const limit = this.limits[l] as HardLimit;
      if (limit.perMatch) {
        const first = tickets[0];
        if (first === undefined || limit.holds(first, prepared, nowMs)) continue;
        found ??= [];
        for (let i = 0; i < tickets.length; i++)
          found.push({ limit: limit.kind, ticketId: (tickets[i] as ScoredTicket<TRating>).ticketId });
        continue;
      }
      for (let i = 0; i < tickets.length; i++) {
        const ticket = tickets[i] as ScoredTicket<TRating>;
        if (limit.holds(ticket, prepared, nowMs)) continue;
        found ??= [];
        found.push({ limit: limit.kind, ticketId: ticket.ticketId });
      }
    }
    return found ?? NO_BREACHES;
  }

  /** The earliest time at which every limit holds for every ticket (Infinity if never). */
  holdFromMs<TRating>(candidate: LimitCandidate<TRating>, nowMs: number): number {
    return this.holdFromMsOf(candidate.match, candidate.winProbabilities, nowMs);
  }

  /** `holdFromMs` of a candidate given by its parts (no record made). */
  holdFromMsOf<TRating>(
    match: CandidateMatch<TRating>,
    winProbabilities: readonly number[],
    nowMs: number,
  ): number {
    const prepared = this.prepare(match, winProbabilities);
    let latest = nowMs;
    const tickets = prepared.tickets;
    for (let l = 0; l < this.limits.length; l++) {
      const limit = this.limits[l] as HardLimit;
      const count = limit.perMatch ? Math.min(1, tickets.length) : tickets.length;
      for (let i = 0; i < count; i++) {
        latest = Math.max(latest, limit.holdsFromMs(tickets[i] as ScoredTicket<TRating>, prepared, nowMs));
        if (latest === Number.POSITIVE_INFINITY) return latest;
      }
    }
    return latest;
  }

  /** The breaches of a candidate as explanations, one per limit. */
  describe<TRating>(
    candidate: LimitCandidate<TRating>,
    breaches: readonly Breach[],
    nowMs: number,
  ): LimitHold[] {
    const prepared = this.prepare(candidate.match, candidate.winProbabilities);
    const holds: LimitHold[] = [];
    for (const limit of this.limits) {
      const ticketIds = breaches
        .filter((breach) => breach.limit === limit.kind)
        .map((breach) => breach.ticketId);
      if (ticketIds.length === 0) continue;
      if (limit.kind === 'rule') {
        // One hold per failing rule, named, with its own sentence.
        for (const outcome of this.rules.verdict(prepared.match, nowMs).failed)
          holds.push({ limit: 'rule', rule: outcome.rule, ticketIds, detail: outcome.explanation });
        continue;
      }
      const first = prepared.tickets.find((ticket) => ticket.ticketId === ticketIds[0]);
      const detail = first === undefined ? limit.kind : limit.describe(first, prepared, nowMs);
      holds.push({ limit: limit.kind, ticketIds, detail });
    }
    return holds;
  }

  private teamSizes(): HardLimit {
    const named = this.shape.named;
    if (named !== undefined) return this.namedTeamSizes(named);
    const fits = <TRating>(candidate: Prepared<TRating>) => teamsFit(this.shape, candidate.teamPlayers);
    return {
      kind: 'team-sizes',
      perMatch: true,
      holds: (_, candidate) => fits(candidate),
      holdsFromMs: (_, candidate, nowMs) => (fits(candidate) ? nowMs : Number.POSITIVE_INFINITY),
      describe: (_, candidate) =>
        `teams of ${candidate.teamPlayers.join(', ')} players do not fit the queue's shape`,
    };
  }

  /**
   * Named teams: every team within its range, and at or above its floor at each ticket's wait (a
   * floor relaxes with the wait: FlexMatch's `teams[NAME].minPlayers` expansion).
   */
  private namedTeamSizes(named: NonNullable<MatchShape['named']>): HardLimit {
    const short = <TRating>(ticket: ScoredTicket<TRating>, candidate: Prepared<TRating>, nowMs: number) => {
      const floors = teamFloorsAt(named, nowMs - ticket.enqueuedAtMs);
      return named.findIndex((_, t) => (candidate.teamPlayers[t] as number) < (floors[t] as number));
    };
    return {
      kind: 'team-sizes',
      perMatch: false,
      holds: (ticket, candidate, nowMs) =>
        teamsFit(this.shape, candidate.teamPlayers) && short(ticket, candidate, nowMs) < 0,
      holdsFromMs: (ticket, candidate, nowMs) => {
        if (!teamsFit(this.shape, candidate.teamPlayers)) return Number.POSITIVE_INFINITY;
        const waitMs = nowMs - ticket.enqueuedAtMs;
        let latest = nowMs;
        named.forEach((team, t) => {
          const players = candidate.teamPlayers[t] as number;
          if (floorAt(team.minPlayers, waitMs) <= players) return;
          const at =
            typeof team.minPlayers === 'number'
              ? Number.POSITIVE_INFINITY
              : ticket.enqueuedAtMs + waitUntilRelaxedTo(team.minPlayers, players, waitMs, 'down');
          latest = Math.max(latest, at);
        });
        return latest;
      },
      describe: (ticket, candidate, nowMs) => {
        if (!teamsFit(this.shape, candidate.teamPlayers))
          return `teams of ${candidate.teamPlayers.join(', ')} players do not fit the queue's teams`;
        const t = short(ticket, candidate, nowMs);
        const team = named[t];
        const floor = team === undefined ? 0 : floorAt(team.minPlayers, nowMs - ticket.enqueuedAtMs);
        return `${ticket.ticketId}: team ${team?.name} has ${candidate.teamPlayers[t]} players, it waits for ${floor} yet`;
      },
    };
  }

  private gates(): HardLimit {
    const gates = this.config.gates ?? {};
    const failing = <TRating>(ticket: ScoredTicket<TRating>, candidate: Prepared<TRating>) => {
      for (let p = 0; p < ticket.players.length; p++) {
        const profile = (ticket.players[p] as ScoredTicket<TRating>['players'][number]).profile;
        if (gates.minGamesPlayed !== undefined && gatedGames(profile, gates) < gates.minGamesPlayed)
          return `${profile.playerId} has fewer than ${gates.minGamesPlayed} games${gates.gamesTrack === undefined ? '' : ` on ${gates.gamesTrack}`}`;
        const role = profile.roles?.find((name) => gates.disallowedRoles?.includes(name));
        if (role !== undefined) return `${profile.playerId} plays ${role}`;
      }
      if (candidate.lowPriority !== isLowPriority(ticket)) return 'low-priority tickets meet only each other';
      return undefined;
    };
    return {
      kind: 'gates',
      perMatch: false,
      holds: (ticket, candidate) => failing(ticket, candidate) === undefined,
      holdsFromMs: (ticket, candidate, nowMs) =>
        failing(ticket, candidate) === undefined ? nowMs : Number.POSITIVE_INFINITY,
      describe: (ticket, candidate) => `${ticket.ticketId}: ${failing(ticket, candidate) ?? 'gates hold'}`,
    };
  }

  /** The earliest time from which a ticket's ping cap allows `region` (Infinity if never). */
  private pingCapHoldsFromMs<TRating>(
    ticket: ScoredTicket<TRating>,
    region: string | undefined,
    nowMs: number,
  ): number {
    return this.pingCapAllowsFromMs(ticket, this.ticketPingMs(ticket, region), nowMs);
  }

  /** The earliest time from which a ticket's ping cap allows `ping` (Infinity if never). */
  private pingCapAllowsFromMs<TRating>(ticket: ScoredTicket<TRating>, ping: number, nowMs: number): number {
    const maxPingMs = this.config.regions?.maxPingMs;
    if (ping === Number.POSITIVE_INFINITY || maxPingMs === undefined) return Number.POSITIVE_INFINITY;
    return ticket.enqueuedAtMs + waitUntilRelaxedTo(maxPingMs, ping, nowMs - ticket.enqueuedAtMs, 'up');
  }

  /**
   * The earliest time from which some region is within the ping caps of all of `tickets` (a match
   * holding them is played in one region): `nowMs` without regions, Infinity if never.
   */
  pingCapsHoldTogetherFromMs<TRating>(tickets: readonly ScoredTicket<TRating>[], nowMs: number): number {
    const regions = this.config.regions;
    if (regions === undefined) return nowMs;
    // Each ticket's openings are looked up once, not once per region.
    const openings = this.openingsScratch;
    openings.length = tickets.length;
    for (let t = 0; t < tickets.length; t++)
      openings[t] = this.pingCapOpensMs(tickets[t] as ScoredTicket<TRating>);
    let earliest = Number.POSITIVE_INFINITY;
    for (let r = 0; r < regions.names.length; r++) {
      let latest = nowMs;
      for (let t = 0; t < openings.length; t++) {
        latest = Math.max(latest, (openings[t] as readonly number[])[r] as number);
        // A region no earlier than the best so far is not read to the end.
        if (latest >= earliest) break;
      }
      earliest = Math.min(earliest, latest);
    }
    return earliest;
  }

  /** `pingCapsHoldTogetherFromMs`'s openings of its tickets (one array serves every call). */
  private readonly openingsScratch: (readonly number[])[] = [];

  /**
   * When each region (in `regions.names` order) first is within a ticket's ping cap (Infinity if
   * never). A waiting ticket never changes and its cap relaxes with its own wait only: read once.
   */
  private pingCapOpensMs<TRating>(ticket: ScoredTicket<TRating>): readonly number[] {
    const record = this.pingRecordOf(ticket);
    let opens = record.opens;
    if (opens === undefined) {
      // From the ticket's pings per region, read once (not a lookup per region).
      const pings = record.pings;
      const opening: number[] = new Array(pings.length);
      for (let r = 0; r < pings.length; r++)
        opening[r] = this.pingCapAllowsFromMs(ticket, pings[r] as number, ticket.enqueuedAtMs);
      record.opens = opening;
      opens = opening;
    }
    return opens;
  }

  private pingCap(): HardLimit {
    return {
      kind: 'ping-cap',
      perMatch: false,
      holds: (ticket, candidate, nowMs) =>
        this.ticketPingMs(ticket, candidate.match.region) <= this.maxPingAt(ticket, nowMs),
      holdsFromMs: (ticket, candidate, nowMs) =>
        this.pingCapHoldsFromMs(ticket, candidate.match.region, nowMs),
      describe: (ticket, candidate, nowMs) => {
        const region = candidate.match.region;
        const cap = formatMs(this.maxPingAt(ticket, nowMs));
        if (region === undefined) return `${ticket.ticketId}: no region serves every player of the match`;
        const ping = this.ticketPingMs(ticket, region);
        return ping === Number.POSITIVE_INFINITY
          ? `${ticket.ticketId}: no ping to ${region}`
          : `${ticket.ticketId}: ${formatMs(ping)} to ${region}, over its ${cap} cap`;
      },
    };
  }

  private matchSize(): HardLimit {
    return {
      kind: 'match-size',
      perMatch: false,
      holds: (ticket, candidate, nowMs) => candidate.players >= this.minPlayersAt(ticket, nowMs),
      holdsFromMs: (ticket, candidate, nowMs) =>
        ticket.enqueuedAtMs +
        waitUntilRelaxedTo(
          this.shape.minMatchPlayers,
          candidate.players,
          nowMs - ticket.enqueuedAtMs,
          'down',
        ),
      describe: (ticket, candidate, nowMs) =>
        `${ticket.ticketId}: ${candidate.players} players, it waits for ${this.minPlayersAt(ticket, nowMs)} yet`,
    };
  }

  private hardRules(): HardLimit {
    return {
      kind: 'rule',
      perMatch: true,
      holds: (_, candidate, nowMs) => this.rules.verdict(candidate.match, nowMs).pass,
      holdsFromMs: (_, candidate, nowMs) => this.rules.passFromMs(candidate.match, nowMs),
      describe: (_, candidate, nowMs) =>
        this.rules
          .verdict(candidate.match, nowMs)
          .failed.map((outcome) => outcome.explanation)
          .join('; '),
    };
  }

  private fairnessFloor(): HardLimit {
    const favourite = (candidate: LimitCandidate<unknown>) => Math.max(0, ...candidate.winProbabilities);
    return {
      kind: 'fairness-floor',
      perMatch: true,
      holds: (_, candidate) => !this.isUnfair(candidate.winProbabilities),
      holdsFromMs: (_, candidate, nowMs) =>
        this.isUnfair(candidate.winProbabilities) ? Number.POSITIVE_INFINITY : nowMs,
      describe: (_, candidate) =>
        `the favourite would win ${(100 * favourite(candidate)).toFixed(1)}% (fairness floor ${(100 * this.fairnessBound).toFixed(1)}%)`,
    };
  }
}
