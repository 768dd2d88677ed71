/**
 * The documentation examples run through the matchmaker: each FlexMatch rule set and PlayFab queue
 * that the importer translates becomes a matchd queue; a seeded synthetic population carrying the
 * example's attributes (and pings where it has regions) arrives over a minute and is ticked until
 * every ticket has matched or expired; every formed match is checked against the ORIGINAL rule set
 * by the checker written from the vendor's documentation. Shared by `rules/examples.test.ts` and
 * `scripts/rules-examples.ts` (which writes `bench/results/rules-examples.md`).
 */

import { createMatchmaker } from '../../queue/matchmaker.ts';
import { largestTeamSize, matchShapeOf } from '../../queue/shape.ts';
import type { MatchmakerEffect, MatchSummary, QueueConfig, TicketInput } from '../../queue/types.ts';
import { validateQueueConfig } from '../../queue/validate-config.ts';
import { Random } from '../../random.ts';
import { createElo } from '../../rating/elo/elo.ts';
import type { EloRating } from '../../rating/elo/k-policy.ts';
import { importFlexMatch } from '../import/flexmatch.ts';
import { importPlayFab } from '../import/playfab.ts';
import type { AttributeDeclaration, AttributeValue } from '../types.ts';
import { fixtureFiles, readFixture } from './fixtures.ts';
import { asFlexMatch, type CheckedTicket, checkFlexMatch, type Violation } from './flexmatch-checker.ts';
import { checkPlayFab } from './playfab-checker.ts';

export type Vendor = 'flexmatch' | 'playfab';

/** The documentation examples the importer translates, by vendor and file. */
export function translatableExamples(): { vendor: Vendor; file: string }[] {
  const examples: { vendor: Vendor; file: string }[] = [];
  for (const vendor of ['flexmatch', 'playfab'] as const) {
    for (const file of fixtureFiles(vendor)) {
      try {
        importExample(vendor, file);
        examples.push({ vendor, file });
      } catch {
        // Refused with its path (rules/import/import.test.ts checks which and where).
      }
    }
  }
  return examples;
}

const REGIONS = ['eu', 'us'] as const;

function importExample(vendor: Vendor, file: string): QueueConfig {
  const source = readFixture(vendor, file);
  const translate = vendor === 'flexmatch' ? importFlexMatch : importPlayFab;
  return translate(source, { regions: [...REGIONS], id: file.replace(/\.json$/, '') }).config;
}

/**
 * A player's value of a declared attribute, as the example's own game would send it: the values
 * the documentation's rules name (medics, game modes, builds, one-hot roles), in small sets so that
 * matches are possible and rules are really tested.
 */
function attributeValue(
  name: string,
  declaration: AttributeDeclaration,
  random: Random,
  playerIds: readonly string[],
  rank: number,
  queueId: string,
): AttributeValue | undefined {
  const subset = (items: readonly string[], least = 1) => {
    const chosen = items.filter(() => random.bernoulli(0.5));
    while (chosen.length < least) {
      const item = random.pick(items);
      if (!chosen.includes(item)) chosen.push(item);
    }
    return chosen;
  };
  switch (name) {
    // A game's skill attribute follows its players' rating (`rank`: standard deviations from the mean).
    case 'skill':
      // PlayFab's weighting example batches skill levels within 1: levels, not points.
      if (queueId === 'weighting-queue') return Math.round(5 + 1.5 * rank);
      return Math.round((declaration.default === 10 ? 10 : 50) + 12 * rank + random.normal(0, 2));
    case 'Skill':
      return Math.min(1, Math.max(0, 0.5 + 0.15 * rank + random.normal(0, 0.02)));
    case 'experience':
      return Math.round(50 + 10 * rank + random.normal(0, 2));
    case 'league':
      return Math.max(1, Math.min(6, Math.round(3.5 + 1.2 * rank)));
    case 'character':
      if (declaration.type === 'number') return 1 + random.int(4);
      return [random.pick(['medic', 'medic', 'soldier', 'sniper', 'engineer', 'scout'])];
    case 'gameMode':
      return declaration.type === 'string'
        ? random.pick(['turn-based', 'real-time'])
        : subset(['deathmatch', 'coop', 'ctf']);
    case 'acceptableMaps':
      return subset(['defaultMap', 'dust', 'lake']);
    case 'mapPreference':
      return { defaultMap: random.int(100), dust: random.int(100) };
    case 'gameMap':
      return 1 + random.int(2);
    case 'myCharacter':
      return [random.pick(['knight', 'mage', 'rogue'])];
    case 'preferredOpponents':
      return subset(['knight', 'mage', 'rogue'], 2);
    case 'map':
      return random.bernoulli(0.95) ? 'forest' : 'desert';
    case 'mode':
      return random.bernoulli(0.95) ? 'ctf' : 'tdm';
    case 'BlockList':
      // Some players block an earlier player (FlexMatch's block list reads player ids).
      return random.bernoulli(0.3) && playerIds.length > 0 ? [random.pick(playerIds)] : [];
    case 'DeviceType':
      return random.pick(['pc', 'console', 'mobile']);
    case 'DlcPacks':
      return subset(['dlc1', 'dlc2', 'dlc3']);
    case 'GameMode':
      return subset(['ffa', 'teams', 'ctf']);
    case 'Build':
      return random.pick(['1.0.4', '1.0.5']);
    case 'IsHost':
      return random.bernoulli(0.25) ? 1 : 0;
    case 'PlayerCount':
      return 1;
    // FlexMatch's players-vs-monster example: one player in five asks to be the monster, and the
    // hunters ask for a monster of some skill (on the example's skill scale, default 10).
    case 'wantsToBeMonster':
      return random.bernoulli(0.2) ? 1 : 0;
    case 'desiredSkillOfMonster':
      return Math.round(random.uniform(0, 12));
    default:
      break;
  }
  switch (declaration.type) {
    case 'number':
      return Math.round(random.uniform(0, 100));
    case 'string':
      return random.pick(['a', 'b']);
    case 'string_list':
      return subset(['a', 'b', 'c']);
    case 'string_number_map':
      return { a: random.int(100) };
  }
}

/** One-hot roles of PlayFab's role-based queue (a tank, two damage dealers, a support per match). */
function roleAttributes(random: Random): Record<string, number> {
  const role = random.pick(['TankSelected', 'DPSSelected', 'DPSSelected', 'SupportSelected']);
  return { TankSelected: 0, DPSSelected: 0, SupportSelected: 0, [role]: 1 };
}

interface Arrival {
  readonly atMs: number;
  readonly ticket: TicketInput<EloRating>;
}

/** The synthetic population of an example: its tickets and when each arrives. */
export function population(config: QueueConfig, seed: number, maxPlayers = 600): Arrival[] {
  const random = Random.fromSeed(seed);
  const teamSize = largestTeamSize(config.teams);
  const matchPlayers = matchShapeOf(config).maxPlayers;
  const players = Math.min(maxPlayers, Math.max(60, 8 * matchPlayers));
  const maxParty = Math.min(config.gates?.maxPartySize ?? teamSize, teamSize);
  const arrivals: Arrival[] = [];
  const playerIds: string[] = [];
  let made = 0;
  for (let t = 0; made < players; t++) {
    // Mostly solo players; parties where teams hold them (large teams get the odd premade of six).
    let size = 1;
    if (maxParty >= 2 && random.bernoulli(0.2)) size = 2;
    if (maxParty >= 6 && random.bernoulli(0.05)) size = 6;
    size = Math.min(size, maxParty, players - made);
    const home = random.pick(REGIONS);
    const skill = random.normal(1500, 250);
    const ticketPlayers = Array.from({ length: size }, (_, p) => {
      const playerId = `p${t}-${p}`;
      const attributes: Record<string, AttributeValue> = {};
      for (const [name, declaration] of Object.entries(config.attributes ?? {})) {
        // Some players leave an attribute with a default out: the default applies.
        if (declaration.default !== undefined && random.bernoulli(0.1)) continue;
        const rank = (skill - 1500) / 250;
        const value = attributeValue(name, declaration, random, playerIds, rank, config.id);
        if (value !== undefined) attributes[name] = value;
      }
      if (config.attributes?.['TankSelected'] !== undefined)
        Object.assign(attributes, roleAttributes(random));
      const pings = Object.fromEntries(
        REGIONS.map((region) => [
          region,
          Math.round(region === home ? random.uniform(15, 70) : random.uniform(60, 180)),
        ]),
      );
      return {
        playerId,
        rating: { rating: skill + random.normal(0, 50), games: 50, streak: 0 },
        attributes,
        ...(config.regions === undefined ? {} : { pingMsByRegion: pings }),
      };
    });
    for (const player of ticketPlayers) playerIds.push(player.playerId);
    made += size;
    arrivals.push({
      atMs: Math.round(random.uniform(0, ARRIVALS_MS)),
      ticket: { ticketId: `t${t}`, players: ticketPlayers },
    });
  }
  return arrivals.sort((a, b) => a.atMs - b.atMs);
}

/** Tickets arrive over this long. */
const ARRIVALS_MS = 60_000;
/** A ticket still waiting after this long expires (the run ends once every ticket has ended). */
const EXPIRE_AFTER_MS = 90_000;
const TICK_MS = 500;

/** What one example's run produced. */
export interface ExampleRun {
  readonly vendor: Vendor;
  readonly file: string;
  readonly tickMs: number;
  readonly tickets: number;
  readonly players: number;
  readonly matches: number;
  readonly matchedTickets: number;
  readonly expiredTickets: number;
  /** Median wait of the matched tickets, ms (undefined when none matched). */
  readonly medianWaitMs: number | undefined;
  /** Every way a formed match breaks the original rule set, by the documentation's checker. */
  readonly violations: readonly { readonly matchId: string; readonly violation: Violation }[];
  /** Tickets in two matches, parties split across teams, tickets that never ended. */
  readonly integrity: readonly string[];
}

/**
 * Population and pace of a run: at most `maxPlayers` players (600 by default: eight matches' worth
 * for most examples), ticks every `tickMs`.
 */
export interface RunOptions {
  readonly seed?: number;
  readonly maxPlayers?: number;
  readonly tickMs?: number;
}

/** Runs one documentation example through the matchmaker and checks every match it forms. */
export function runExample(vendor: Vendor, file: string, options: RunOptions = {}): ExampleRun {
  const seed = options.seed ?? 1;
  const maxPlayers = options.maxPlayers ?? 600;
  const tickMs = options.tickMs ?? TICK_MS;
  const config = validateQueueConfig({ ...importExample(vendor, file), expireAfterMs: EXPIRE_AFTER_MS });
  const source = readFixture(vendor, file) as Record<string, unknown>;
  const arrivals = population(config, seed, maxPlayers);
  const byId = new Map(arrivals.map((arrival) => [arrival.ticket.ticketId, arrival.ticket]));
  const mm = createMatchmaker({ config, ratingModel: createElo(), seed });
  const effects: MatchmakerEffect[] = [];
  let next = 0;
  const endMs = ARRIVALS_MS + EXPIRE_AFTER_MS + 2 * tickMs;
  for (let now = 0; now <= endMs; now += tickMs) {
    while (next < arrivals.length && (arrivals[next] as Arrival).atMs <= now) {
      const arrival = arrivals[next++] as Arrival;
      effects.push(...mm.enqueue(arrival.ticket, now));
    }
    effects.push(...mm.tick(now));
  }
  const violations: { matchId: string; violation: Violation }[] = [];
  const integrity: string[] = [];
  const ended = new Set<string>();
  const waits: number[] = [];
  let matches = 0;
  let expired = 0;
  const end = (ticketId: string) => {
    if (ended.has(ticketId)) integrity.push(`${ticketId} ended twice`);
    ended.add(ticketId);
  };
  for (const effect of effects) {
    if (effect.kind === 'expired') {
      expired++;
      end(effect.ticketId);
    }
    if (effect.kind !== 'matched') continue;
    matches++;
    for (const [ticketId, waitMs] of Object.entries(effect.waitMsByTicket)) {
      waits.push(waitMs);
      end(ticketId);
    }
    const teams = checkedTeams(effect.match, byId, effect.waitMsByTicket, integrity);
    const found =
      vendor === 'flexmatch'
        ? checkFlexMatch(
            source,
            asFlexMatch(
              source,
              teams,
              effect.match.region,
              effect.match.teams.map((team) => team.name),
            ),
          )
        : checkPlayFab(source, {
            teams,
            ...(effect.match.region === undefined ? {} : { region: effect.match.region }),
          });
    for (const violation of found) violations.push({ matchId: effect.match.matchId, violation });
  }
  for (const ticketId of byId.keys()) if (!ended.has(ticketId)) integrity.push(`${ticketId} never ended`);
  waits.sort((a, b) => a - b);
  return {
    vendor,
    file,
    tickMs,
    tickets: arrivals.length,
    players: arrivals.reduce((sum, arrival) => sum + arrival.ticket.players.length, 0),
    matches,
    matchedTickets: waits.length,
    expiredTickets: expired,
    medianWaitMs: waits.length === 0 ? undefined : waits[Math.floor((waits.length - 1) / 2)],
    violations,
    integrity,
  };
}

/** A formed match in the checkers' terms: each ticket's players, attributes, latencies and wait. */
function checkedTeams(
  match: MatchSummary,
  byId: ReadonlyMap<string, TicketInput<EloRating>>,
  waitMsByTicket: Readonly<Record<string, number>>,
  integrity: string[],
): CheckedTicket[][] {
  return match.teams.map((team) =>
    team.ticketIds.map((ticketId) => {
      const ticket = byId.get(ticketId);
      if (ticket === undefined) throw new Error(`${match.matchId}: unknown ticket ${ticketId}`);
      const wanted = ticket.players.map((player) => player.playerId);
      if (!wanted.every((playerId) => team.playerIds.includes(playerId)))
        integrity.push(`${match.matchId}: party ${ticketId} is not whole on one team`);
      return {
        ticketId,
        waitSeconds: (waitMsByTicket[ticketId] ?? 0) / 1000,
        players: ticket.players.map((player) => ({
          playerId: player.playerId,
          attributes: player.attributes ?? {},
          ...(player.pingMsByRegion === undefined ? {} : { latencyMs: player.pingMsByRegion }),
        })),
      };
    }),
  );
}

/** The table of matches formed and median wait per example (Markdown). */
export function examplesTable(runs: readonly ExampleRun[]): string {
  const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
  const rows = runs.map(
    (run) =>
      `| ${run.vendor} | ${run.file.replace(/\.json$/, '')} | ${run.players} (${run.tickets}) | ${run.tickMs} ms | ${run.matches} | ${run.matchedTickets} | ${run.expiredTickets} | ${seconds(run.medianWaitMs)} | ${run.violations.length} |`,
  );
  return [
    '| vendor | example | players (tickets) | tick | matches | tickets matched | tickets expired | median wait | checker violations |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
