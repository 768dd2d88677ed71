/**
 * Reading match files for `ratings eval`: the three formats of ../shared/datasets/README.md,
 * detected by their header, gzip-decompressed while streaming (a `.gz` name), rows in file order.
 * - singles: `date,tourney_id,round,winner_id,loser_id` (1v1, dated; the winner is team 0).
 * - teams-dated: `match_id,date,team,player_id,rank` (long format, one row per player).
 * - teams-sided: `match_id,period,league,team,player_id,rank` (long format; team 0 is the blue side,
 *   so the file has a side; `period` orders the games but gives no time).
 * Player ids become dense indices (0..playerCount-1) so the evaluation can keep ratings in arrays.
 * Every problem is a MatchdError MM_ERR_INVALID_DATA naming the file and line.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { ErrorCodes, MatchdError } from '@matchd/engine';

/** The file formats `ratings eval` reads. */
export type MatchFileFormat = 'singles' | 'teams-dated' | 'teams-sided';

/** One match: players as dense indices by team, a rank per team (1 = won; equal = draw). */
export interface EvalMatch {
  readonly teams: readonly (readonly number[])[];
  readonly ranks: readonly number[];
  /** Match time in ms since the epoch (dated formats only). */
  readonly timeMs?: number;
  /** The team with the side advantage (sided formats only). */
  readonly homeTeam?: number;
}

/** A whole file in memory, in processing order. */
export interface MatchFile {
  readonly path: string;
  readonly format: MatchFileFormat;
  readonly matches: readonly EvalMatch[];
  readonly playerCount: number;
  readonly hasDates: boolean;
  readonly hasSides: boolean;
  /** True when some match ends in a tie (the game has draws). */
  readonly hasDraws: boolean;
}

const HEADERS: Record<MatchFileFormat, readonly string[]> = {
  singles: ['date', 'tourney_id', 'round', 'winner_id', 'loser_id'],
  'teams-dated': ['match_id', 'date', 'team', 'player_id', 'rank'],
  'teams-sided': ['match_id', 'period', 'league', 'team', 'player_id', 'rank'],
};

function dataError(message: string, details: Record<string, unknown>): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_DATA, message, details);
}

/** The format whose header is exactly `header`, or undefined. */
export function detectFormat(header: string): MatchFileFormat | undefined {
  const columns = header
    .trim()
    .replace(/^\uFEFF/, '')
    .split(',');
  for (const [format, expected] of Object.entries(HEADERS) as [MatchFileFormat, readonly string[]][]) {
    if (columns.length === expected.length && columns.every((column, i) => column.trim() === expected[i])) {
      return format;
    }
  }
  return undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(text: string, where: Record<string, unknown>): number {
  const timeMs = ISO_DATE.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(timeMs)) throw dataError(`bad date "${text}" (want YYYY-MM-DD)`, where);
  return timeMs;
}

function parseNonNegativeInt(text: string, name: string, where: Record<string, unknown>): number {
  if (!/^\d+$/.test(text)) throw dataError(`bad ${name} "${text}" (want an integer >= 0)`, where);
  return Number(text);
}

/** Builds matches from rows, keeping player ids dense. */
class MatchCollector {
  readonly matches: EvalMatch[] = [];
  private readonly ids = new Map<string, number>();

  player(id: string, where: Record<string, unknown>): number {
    if (id.length === 0) throw dataError('empty player id', where);
    let index = this.ids.get(id);
    if (index === undefined) {
      index = this.ids.size;
      this.ids.set(id, index);
    }
    return index;
  }

  get playerCount(): number {
    return this.ids.size;
  }
}

/** One long-format match being gathered (rows of one match_id). */
interface PendingMatch {
  readonly matchId: string;
  readonly line: number;
  readonly timeMs: number | undefined;
  readonly byTeam: Map<number, { players: number[]; rank: number }>;
}

function finishLongMatch(pending: PendingMatch, path: string, sided: boolean): EvalMatch {
  const where = { path, line: pending.line, matchId: pending.matchId };
  const teamIds = [...pending.byTeam.keys()].sort((a, b) => a - b);
  if (teamIds.length < 2) throw dataError('a match needs at least two teams', where);
  if (teamIds.some((team, i) => team !== i)) throw dataError('teams must be numbered 0, 1, ...', where);
  const seen = new Set<number>();
  const teams: number[][] = [];
  const ranks: number[] = [];
  for (const team of teamIds) {
    const entry = pending.byTeam.get(team) as { players: number[]; rank: number };
    for (const player of entry.players) {
      if (seen.has(player)) throw dataError('a player appears twice in one match', where);
      seen.add(player);
    }
    teams.push(entry.players);
    ranks.push(entry.rank);
  }
  return {
    teams,
    ranks,
    ...(pending.timeMs === undefined ? {} : { timeMs: pending.timeMs }),
    ...(sided ? { homeTeam: 0 } : {}),
  };
}

/**
 * Reads a match file. Throws MM_ERR_INVALID_DATA when the file is missing or unreadable, has an
 * unknown header, or has a malformed row (details name the path and line).
 */
export async function readMatchFile(path: string): Promise<MatchFile> {
  try {
    await access(path);
  } catch {
    throw dataError(`cannot read match file ${path}`, { path, reason: 'not-found' });
  }
  const raw = createReadStream(path);
  const source = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input: source, crlfDelay: Number.POSITIVE_INFINITY });
  const collector = new MatchCollector();
  let format: MatchFileFormat | undefined;
  let lineNumber = 0;
  let pending: PendingMatch | undefined;
  const finished = new Set<string>();
  try {
    for await (const text of lines) {
      lineNumber++;
      if (format === undefined) {
        format = detectFormat(text);
        if (format === undefined) {
          throw dataError(`unknown match file format (header "${text.slice(0, 80)}")`, {
            path,
            line: 1,
            reason: 'unknown-format',
          });
        }
        continue;
      }
      if (text.trim().length === 0) continue;
      const where = { path, line: lineNumber };
      const cells = text.split(',').map((cell) => cell.trim());
      if (cells.length !== HEADERS[format].length) {
        throw dataError(`expected ${HEADERS[format].length} columns, found ${cells.length}`, where);
      }
      if (format === 'singles') {
        const [date = '', , , winner = '', loser = ''] = cells;
        const timeMs = parseDate(date, where);
        const a = collector.player(winner, where);
        const b = collector.player(loser, where);
        if (a === b) throw dataError('a player cannot play themselves', where);
        collector.matches.push({ teams: [[a], [b]], ranks: [1, 2], timeMs });
        continue;
      }
      const sided = format === 'teams-sided';
      const [matchId = '', second = '', , ...rest] = cells;
      const [teamText = '', playerId = '', rankText = ''] = sided
        ? rest
        : [cells[2] ?? '', cells[3] ?? '', cells[4] ?? ''];
      if (matchId.length === 0) throw dataError('empty match_id', where);
      const team = parseNonNegativeInt(teamText, 'team', where);
      const rank = parseNonNegativeInt(rankText, 'rank', where);
      if (rank < 1) throw dataError('rank must be >= 1', where);
      if (pending === undefined || pending.matchId !== matchId) {
        if (pending !== undefined) {
          collector.matches.push(finishLongMatch(pending, path, sided));
          finished.add(pending.matchId);
        }
        if (finished.has(matchId)) throw dataError(`rows of match ${matchId} are not contiguous`, where);
        pending = {
          matchId,
          line: lineNumber,
          timeMs: sided ? undefined : parseDate(second, where),
          byTeam: new Map(),
        };
      }
      const player = collector.player(playerId, where);
      const entry = pending.byTeam.get(team);
      if (entry === undefined) pending.byTeam.set(team, { players: [player], rank });
      else {
        if (entry.rank !== rank) throw dataError('players of one team have different ranks', where);
        entry.players.push(player);
      }
    }
  } catch (error) {
    raw.destroy();
    if (error instanceof MatchdError) throw error;
    throw dataError(`cannot read match file ${path}: ${(error as Error).message}`, {
      path,
      line: lineNumber,
    });
  }
  if (format === undefined) throw dataError(`match file ${path} is empty`, { path, reason: 'empty' });
  if (pending !== undefined) collector.matches.push(finishLongMatch(pending, path, format === 'teams-sided'));
  return {
    path,
    format,
    matches: collector.matches,
    playerCount: collector.playerCount,
    hasDates: format !== 'teams-sided',
    hasSides: format === 'teams-sided',
    hasDraws: collector.matches.some((match) => new Set(match.ranks).size < match.ranks.length),
  };
}
