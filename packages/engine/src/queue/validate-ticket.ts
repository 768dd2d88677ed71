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

/** Most recent matches a ticket's player may carry (the churn model reads the last 10 and 31 days). */
const MAX_RECENT_MATCHES = 200;

/** One player of a ticket: its fields, rating and pings (the gates apply to the ticket). */
export function validatePlayer<TRating>(
  value: unknown,
  path: string,
  config: QueueConfig,
  ratingModel: RatingModel<TRating>,
): PlayerProfile<TRating> {
  const p = object(checker, value, path, PLAYER_FIELDS);
  string(checker, p['playerId'], `${path}.playerId`);
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
  optionalNumber(checker, p['gamesPlayed'], `${path}.gamesPlayed`, {
    min: 0,
    max: CONFIG_LIMITS.maxGames,
    integer: true,
  });
  if (p['gamesByTrack'] !== undefined) {
    const byTrack = object(
      checker,
      p['gamesByTrack'],
      `${path}.gamesByTrack`,
      Object.keys(p['gamesByTrack'] ?? {}),
    );
    for (const [track, games] of Object.entries(byTrack)) {
      number(checker, games, `${path}.gamesByTrack.${track}`, {
        min: 0,
        max: CONFIG_LIMITS.maxGames,
        integer: true,
      });
    }
  }
  if (p['languages'] !== undefined) stringArray(checker, p['languages'], `${path}.languages`);
  if (p['roles'] !== undefined) stringArray(checker, p['roles'], `${path}.roles`);
  if (p['pingMsByRegion'] !== undefined) {
    const pings = object(
      checker,
      p['pingMsByRegion'],
      `${path}.pingMsByRegion`,
      Object.keys(p['pingMsByRegion'] ?? {}),
    );
    for (const [region, ping] of Object.entries(pings)) {
      number(checker, ping, `${path}.pingMsByRegion.${region}`, { min: 0, max: CONFIG_LIMITS.maxPingMs });
    }
  }
  if (config.regions !== undefined) {
    const pings = (p['pingMsByRegion'] ?? {}) as Record<string, number>;
    if (!config.regions.names.some((region) => pings[region] !== undefined)) {
      fail(
        checker,
        `${path}.pingMsByRegion`,
        `needs a ping to at least one of ${config.regions.names.join(', ')}`,
      );
    }
  }
  const base = { min: 0, exclusiveMin: true, max: CONFIG_LIMITS.maxMagnitude };
  optionalNumber(checker, p['offenseRating'], `${path}.offenseRating`, base);
  optionalNumber(checker, p['defenseRating'], `${path}.defenseRating`, base);
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
  const t = object(checker, value, 'ticket', ['ticketId', 'players', 'minQuality']);
  string(checker, t['ticketId'], 'ticketId');
  const players = array(checker, t['players'], 'players', { min: 1 });
  optionalNumber(checker, t['minQuality'], 'minQuality', { min: 0, max: 1 });
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
  const seen = new Set<string>();
  const profiles = players.map((item, i) => validatePlayer(item, `players[${i}]`, config, ratingModel));
  profiles.forEach((profile, i) => {
    if (seen.has(profile.playerId)) fail(checker, `players[${i}].playerId`, 'appears twice in the ticket');
    seen.add(profile.playerId);
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
  });
  const gates = config.gates ?? {};
  profiles.forEach((profile, i) => {
    const reject = (path: string, message: string) => {
      throw new MatchdError(ErrorCodes.GATE_REJECTED, `${path}: ${message}`, {
        path,
        playerId: profile.playerId,
      });
    };
    // Dota: every party member must have unlocked ranked.
    if (gates.minGamesPlayed !== undefined && gatedGames(profile, gates) < gates.minGamesPlayed) {
      const field = gates.gamesTrack === undefined ? 'gamesPlayed' : `gamesByTrack.${gates.gamesTrack}`;
      const where = gates.gamesTrack === undefined ? '' : ` on ${gates.gamesTrack}`;
      reject(
        `players[${i}].${field}`,
        `needs at least ${gates.minGamesPlayed} games${where} to play this queue`,
      );
    }
    if (gates.lowPriority === 'reject' && profile.lowPriority === true) {
      reject(`players[${i}].lowPriority`, 'low-priority players may not play this queue');
    }
    const banned = profile.roles?.find((role) => gates.disallowedRoles?.includes(role));
    if (banned !== undefined) reject(`players[${i}].roles`, `role ${banned} is not allowed in this queue`);
  });
  return value as TicketInput<TRating>;
}
