/**
 * Ticket validation and Dota-style gates, run at enqueue before anything changes. Malformed fields
 * throw MM_ERR_INVALID_TICKET naming the path (`players[1].pingMsByRegion.eu: must be >= 0`); a party
 * larger than allowed throws MM_ERR_PARTY_TOO_LARGE; a failed gate MM_ERR_GATE_REJECTED.
 */

import { ErrorCodes, isMatchdError, MatchdError } from '../errors.ts';
import type { PlayerProfile } from '../quality/types.ts';
import type { RatingModel } from '../rating/types.ts';
import { validatePlayerAttributes } from '../rules/attributes.ts';
import {
  array,
  boolean,
  type Checker,
  fail,
  isNumberWithin,
  number,
  object,
  oneOf,
  optionalNumber,
  string,
  stringArray,
} from './checks.ts';
import { largestTeamSize } from './shape.ts';
import type { GatesConfig, QueueConfig, TicketInput } from './types.ts';
import { CONFIG_LIMITS } from './validate-config.ts';

const checker: Checker = { code: ErrorCodes.INVALID_TICKET };

const PLAYER_FIELDS = [
  'playerId',
  'rating',
  'gamesPlayed',
  'gamesByTrack',
  'languages',
  'roles',
  'pingMsByRegion',
  'offenseRating',
  'defenseRating',
  'nat',
  'lastMatch',
  'lowPriority',
  'recentOutcomes',
  'attributes',
  'recentMatches',
] as const;

const TICKET_FIELDS = ['ticketId', 'players', 'minQuality'] as const;

// Bounds read for every player of every ticket: made once.
const GAMES = { min: 0, max: CONFIG_LIMITS.maxGames, integer: true } as const;
const PING = { min: 0, max: CONFIG_LIMITS.maxPingMs } as const;
const BASE_RATING = { min: 0, exclusiveMin: true, max: CONFIG_LIMITS.maxMagnitude } as const;
const NO_PINGS: Readonly<Record<string, number>> = Object.freeze({});
const NO_GATES: GatesConfig = Object.freeze({});
const AT_LEAST_ONE = { min: 1 } as const;
const QUALITY = { min: 0, max: 1 } as const;

/**
 * A plain object whose keys are free (a map such as pings by region): `object`'s check and error,
 * without listing its keys as the allowed ones.
 */
function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(checker, path, 'must be an object');
  return value as Record<string, unknown>;
}

/**
 * `players[i]`, the path of a ticket's player: made once for each index (every ticket's players are
 * validated under it, and a valid player reads it for nothing else).
 */
function playerPath(index: number): string {
  let path = PLAYER_PATHS[index];
  if (path === undefined) {
    path = `players[${index}]`;
    if (index < MAX_KEPT_PLAYER_PATHS) PLAYER_PATHS[index] = path;
  }
  return path;
}

const PLAYER_PATHS: string[] = [];
/** Parties up to this many players are checked for a repeated player by scanning. */
const DISTINCT_BY_SCAN = 16;
const MAX_KEPT_PLAYER_PATHS = 256;

/** Most recent matches a ticket's player may carry (the churn model reads the last 10 and 31 days). */
const MAX_RECENT_MATCHES = 200;

/** One player of a ticket: its fields, rating and pings (the gates apply to the ticket). */
export function validatePlayer<TRating>(
  value: unknown,
  path: string,
  config: QueueConfig,
  ratingModel: RatingModel<TRating>,
): PlayerProfile<TRating> {
  // A valid player builds no path strings: each check's path is made only when the check fails.
  const p = object(checker, value, path, PLAYER_FIELDS);
  const playerId = p['playerId'];
  if (typeof playerId !== 'string' || playerId.length === 0) string(checker, playerId, `${path}.playerId`);
  if (p['rating'] === undefined) fail(checker, `${path}.rating`, 'is required');
  try {
    ratingModel.validate(p['rating'] as TRating);
  } catch (error) {
    if (isMatchdError(error)) fail(checker, `${path}.rating`, error.message);
    throw error;
  }
  // Skills beyond this range would overflow the sums and means the criteria take (a NaN quality).
  const { mean, deviation } = ratingModel.estimate(p['rating'] as TRating);
  const limit = CONFIG_LIMITS.maxMagnitude;
  if (!(Math.abs(mean) <= limit) || !(deviation >= 0 && deviation <= limit))
    fail(checker, `${path}.rating`, `skill and deviation must be within ${limit} in magnitude`);
  const gamesPlayed = p['gamesPlayed'];
  if (gamesPlayed !== undefined && !isNumberWithin(gamesPlayed, GAMES))
    number(checker, gamesPlayed, `${path}.gamesPlayed`, GAMES);
  if (p['gamesByTrack'] !== undefined) {
    const byTrack = record(p['gamesByTrack'], `${path}.gamesByTrack`);
    for (const track in byTrack) {
      if (!Object.hasOwn(byTrack, track)) continue;
      const games = byTrack[track];
      if (!isNumberWithin(games, GAMES)) number(checker, games, `${path}.gamesByTrack.${track}`, GAMES);
    }
  }
  if (p['languages'] !== undefined) stringArray(checker, p['languages'], `${path}.languages`);
  if (p['roles'] !== undefined) stringArray(checker, p['roles'], `${path}.roles`);
  if (p['pingMsByRegion'] !== undefined) {
    const pings = record(p['pingMsByRegion'], `${path}.pingMsByRegion`);
    for (const region in pings) {
      if (!Object.hasOwn(pings, region)) continue;
      const ping = pings[region];
      if (!isNumberWithin(ping, PING)) number(checker, ping, `${path}.pingMsByRegion.${region}`, PING);
    }
  }
  if (config.regions !== undefined) {
    const pings = (p['pingMsByRegion'] ?? NO_PINGS) as Record<string, number>;
    let anyRegion = false;
    for (const region of config.regions.names) {
      if (pings[region] !== undefined) {
        anyRegion = true;
        break;
      }
    }
    if (!anyRegion) {
      fail(
        checker,
        `${path}.pingMsByRegion`,
        `needs a ping to at least one of ${config.regions.names.join(', ')}`,
      );
    }
  }
  if (p['offenseRating'] !== undefined)
    number(checker, p['offenseRating'], `${path}.offenseRating`, BASE_RATING);
  if (p['defenseRating'] !== undefined)
    number(checker, p['defenseRating'], `${path}.defenseRating`, BASE_RATING);
  if (p['nat'] !== undefined) oneOf(checker, p['nat'], `${path}.nat`, ['open', 'moderate', 'strict']);
  if (p['lastMatch'] !== undefined) {
    const last = object(checker, p['lastMatch'], `${path}.lastMatch`, ['teammateIds', 'opponentIds']);
    stringArray(checker, last['teammateIds'], `${path}.lastMatch.teammateIds`);
    stringArray(checker, last['opponentIds'], `${path}.lastMatch.opponentIds`);
  }
  if (p['lowPriority'] !== undefined) boolean(checker, p['lowPriority'], `${path}.lowPriority`);
  if (p['recentOutcomes'] !== undefined) {
    array(checker, p['recentOutcomes'], `${path}.recentOutcomes`).forEach((outcome, i) => {
      oneOf(checker, outcome, `${path}.recentOutcomes[${i}]`, ['W', 'L', 'D']);
    });
  }
  // Only the attributes the queue declares, each of its declared type (defaults apply when rules read).
  if (p['attributes'] !== undefined)
    validatePlayerAttributes(p['attributes'], `${path}.attributes`, config.attributes);
  if (p['recentMatches'] !== undefined) {
    const matches = array(checker, p['recentMatches'], `${path}.recentMatches`, { max: MAX_RECENT_MATCHES });
    let previousMs = Number.NEGATIVE_INFINITY;
    matches.forEach((item, i) => {
      const at = `${path}.recentMatches[${i}]`;
      const match = object(checker, item, at, ['timeMs', 'outcome', 'scoreDifference']);
      const timeMs = number(checker, match['timeMs'], `${at}.timeMs`, { min: previousMs });
      previousMs = timeMs;
      oneOf(checker, match['outcome'], `${at}.outcome`, ['W', 'L', 'D']);
      number(checker, match['scoreDifference'], `${at}.scoreDifference`, {
        min: -CONFIG_LIMITS.maxMagnitude,
        max: CONFIG_LIMITS.maxMagnitude,
      });
    });
  }
  return value as PlayerProfile<TRating>;
}

/**
 * The games a queue's `minGamesPlayed` gate counts for a player: those on `gates.gamesTrack` when
 * the queue names one (Dota's ranked unlock counts normal games), else those on the queue's track.
 */
export function gatedGames(profile: PlayerProfile<unknown>, gates: GatesConfig): number {
  return gates.gamesTrack === undefined
    ? (profile.gamesPlayed ?? 0)
    : (profile.gamesByTrack?.[gates.gamesTrack] ?? 0);
}

/** Largest party (ticket) the queue takes: its gate, else the largest team. */
export function maxPartySize(config: QueueConfig): number {
  const largestTeam = largestTeamSize(config.teams);
  return Math.min(config.gates?.maxPartySize ?? largestTeam, largestTeam);
}

/** A failed gate of one player. */
function rejectGate(path: string, message: string, playerId: string): never {
  throw new MatchdError(ErrorCodes.GATE_REJECTED, `${path}: ${message}`, { path, playerId });
}

/**
 * Validates a ticket's shape and the queue's gates. `isPlayerQueued` tells whether a player already
 * waits on another ticket. Throws; returns the ticket typed.
 */
export function validateTicket<TRating>(
  value: unknown,
  config: QueueConfig,
  ratingModel: RatingModel<TRating>,
  isPlayerQueued: (playerId: string) => boolean,
): TicketInput<TRating> {
  const t = object(checker, value, 'ticket', TICKET_FIELDS);
  string(checker, t['ticketId'], 'ticketId');
  const players = array(checker, t['players'], 'players', AT_LEAST_ONE);
  optionalNumber(checker, t['minQuality'], 'minQuality', QUALITY);
  const limit = maxPartySize(config);
  if (players.length > limit) {
    throw new MatchdError(
      ErrorCodes.PARTY_TOO_LARGE,
      `players: a party of ${players.length} exceeds ${limit}`,
      {
        path: 'players',
        partySize: players.length,
        maxPartySize: limit,
      },
    );
  }
  const smallest = config.gates?.minPartySize ?? 1;
  if (players.length < smallest) {
    throw new MatchdError(
      ErrorCodes.GATE_REJECTED,
      `players: this queue takes parties of at least ${smallest}`,
      {
        path: 'players',
        partySize: players.length,
        minPartySize: smallest,
      },
    );
  }
  // Plain loops, no closures or copies: every ticket runs this once.
  for (let i = 0; i < players.length; i++) validatePlayer(players[i], playerPath(i), config, ratingModel);
  const profiles = players as PlayerProfile<TRating>[];
  // A party's few players are told apart by looking back (no set to make for every ticket); a set
  // serves a large lobby's.
  const seen = profiles.length > DISTINCT_BY_SCAN ? new Set<string>() : undefined;
  for (let i = 0; i < profiles.length; i++) {
    const profile = profiles[i] as PlayerProfile<TRating>;
    let repeated = false;
    if (seen === undefined) {
      for (let before = 0; before < i && !repeated; before++)
        repeated = (profiles[before] as PlayerProfile<TRating>).playerId === profile.playerId;
    } else {
      repeated = seen.has(profile.playerId);
      seen.add(profile.playerId);
    }
    if (repeated) fail(checker, `players[${i}].playerId`, 'appears twice in the ticket');
    if (isPlayerQueued(profile.playerId)) {
      throw new MatchdError(
        ErrorCodes.PLAYER_ALREADY_QUEUED,
        `players[${i}].playerId: ${profile.playerId} is already queued`,
        {
          path: `players[${i}].playerId`,
          playerId: profile.playerId,
        },
      );
    }
  }
  const gates = config.gates ?? NO_GATES;
  for (let i = 0; i < profiles.length; i++) {
    const profile = profiles[i] as PlayerProfile<TRating>;
    // Dota: every party member must have unlocked ranked.
    if (gates.minGamesPlayed !== undefined && gatedGames(profile, gates) < gates.minGamesPlayed) {
      const field = gates.gamesTrack === undefined ? 'gamesPlayed' : `gamesByTrack.${gates.gamesTrack}`;
      const where = gates.gamesTrack === undefined ? '' : ` on ${gates.gamesTrack}`;
      rejectGate(
        `players[${i}].${field}`,
        `needs at least ${gates.minGamesPlayed} games${where} to play this queue`,
        profile.playerId,
      );
    }
    if (gates.lowPriority === 'reject' && profile.lowPriority === true) {
      rejectGate(
        `players[${i}].lowPriority`,
        'low-priority players may not play this queue',
        profile.playerId,
      );
    }
    const banned = profile.roles?.find((role) => gates.disallowedRoles?.includes(role));
    if (banned !== undefined)
      rejectGate(`players[${i}].roles`, `role ${banned} is not allowed in this queue`, profile.playerId);
  }
  return value as TicketInput<TRating>;
}
