/**
 * Reading match files for `ratings eval`: four CSV formats, detected by their header,
 * gzip-decompressed while streaming (a `.gz` name), rows in file order. The CSV itself (quoted
 * fields such as `"Smith, John"`, quotes inside them, CRLF, a BOM) is read by csv-parse.
 * - singles: `date,tourney_id,round,winner_id,loser_id` (1v1, dated; the winner is team 0).
 * - teams-dated: `match_id,date,team,player_id,rank` (long format, one row per player).
 * - teams-sided: `match_id,period,league,team,player_id,rank` (long format; team 0 is the blue side,
 *   so the file has a side; `period` orders the games but gives no time).
 * - scores: `date,season,neutral,home,away,home_score,away_score` (team sports: two teams, the
 *   home team listed first, with scores; `season` and `neutral` may be left out, as columns or as
 *   empty cells; a neutral site (1) has no home side). Team 0 is the home team.
 * Player ids become dense indices (0..playerCount-1) so the evaluation can keep ratings in arrays.
 * Every problem is a MatchdError MM_ERR_INVALID_DATA naming the file and line, in its message and
 * in its details.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { CsvError, parse } from 'csv-parse';

/** The file formats `ratings eval` reads. */
export type MatchFileFormat = 'singles' | 'teams-dated' | 'teams-sided' | 'scores';

/** One match: players as dense indices by team, a rank per team (1 = won; equal = draw). */
export interface EvalMatch {
  readonly teams: readonly (readonly number[])[];
  readonly ranks: readonly number[];
  /** Match time in ms since the epoch (dated formats only). */
  readonly timeMs?: number;
  /** The team with the side advantage (sided formats, and scores files away from neutral sites). */
  readonly homeTeam?: number;
  /** Points per team (scores files). */
  readonly scores?: readonly number[];
  /** The season's label (scores files with a season column). */
  readonly season?: string;
  /** Played at a neutral site: a scores file's home team has no advantage there. */
  readonly neutral?: boolean;
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
  /** True when matches carry scores (margins). */
  readonly hasScores: boolean;
  /** True when matches carry a season label. */
  readonly hasSeasons: boolean;
}

type FixedFormat = Exclude<MatchFileFormat, 'scores'>;

const HEADERS: Record<FixedFormat, readonly string[]> = {
  singles: ['date', 'tourney_id', 'round', 'winner_id', 'loser_id'],
  'teams-dated': ['match_id', 'date', 'team', 'player_id', 'rank'],
  'teams-sided': ['match_id', 'period', 'league', 'team', 'player_id', 'rank'],
};

/** The columns of a scores file, in order; `season` and `neutral` are optional. */
const SCORE_COLUMNS = ['date', 'season', 'neutral', 'home', 'away', 'home_score', 'away_score'] as const;
const OPTIONAL_SCORE_COLUMNS: ReadonlySet<string> = new Set(['season', 'neutral']);

/** Column positions of a scores file's header (undefined for a column it leaves out). */
type ScoreLayout = Readonly<Partial<Record<(typeof SCORE_COLUMNS)[number], number>>> & {
  readonly width: number;
};

function scoreLayout(columns: readonly string[]): ScoreLayout | undefined {
  const layout: Record<string, number> = {};
  let next = 0;
  for (const name of SCORE_COLUMNS) {
    if (columns[next] === name) layout[name] = next++;
    else if (!OPTIONAL_SCORE_COLUMNS.has(name)) return undefined;
  }
  return next === columns.length ? { ...layout, width: next } : undefined;
}

/** An INVALID_DATA error; one about a line says the file and line first, as an editor jumps to it. */
function dataError(message: string, details: Record<string, unknown>): MatchdError {
  const { path, line } = details;
  const where = typeof path === 'string' && typeof line === 'number' ? `${path}:${line}: ` : '';
  return new MatchdError(ErrorCodes.INVALID_DATA, `${where}${message}`, details);
}

/** The format whose header (its cells) is exactly one of the formats', or undefined. */
export function detectFormat(header: readonly string[]): MatchFileFormat | undefined {
  const columns = header.map((column) => column.trim());
  for (const [format, expected] of Object.entries(HEADERS) as [FixedFormat, readonly string[]][]) {
    if (columns.length === expected.length && columns.every((column, i) => column === expected[i])) {
      return format;
    }
  }
  return scoreLayout(columns) === undefined ? undefined : 'scores';
}

function parseScore(text: string, name: string, where: Record<string, unknown>): number {
  const score = Number(text);
  if (text === '' || !Number.isFinite(score) || score < 0 || score > 1e6) {
    throw dataError(`bad ${name} "${text}" (want a number >= 0)`, where);
  }
  return score;
}

function parseNeutral(text: string, where: Record<string, unknown>): boolean {
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  throw dataError(`bad neutral "${text}" (want 0 or 1)`, where);
}

/** One row of a scores file as a match (team 0 the home team). */
function scoresMatch(
  cells: readonly string[],
  layout: ScoreLayout,
  collector: MatchCollector,
  where: Record<string, unknown>,
  lastTimeMs: number,
): EvalMatch {
  const cell = (name: (typeof SCORE_COLUMNS)[number]) => {
    const index = layout[name];
    return index === undefined ? '' : (cells[index] ?? '');
  };
  const timeMs = parseDate(cell('date'), where);
  if (timeMs < lastTimeMs) throw dataError('rows must be in date order', where);
  const home = collector.player(cell('home'), where);
  const away = collector.player(cell('away'), where);
  if (home === away) throw dataError('a team cannot play itself', where);
  const homeScore = parseScore(cell('home_score'), 'home_score', where);
  const awayScore = parseScore(cell('away_score'), 'away_score', where);
  const neutral = parseNeutral(cell('neutral'), where);
  const season = cell('season');
  return {
    teams: [[home], [away]],
    ranks: homeScore > awayScore ? [1, 2] : homeScore < awayScore ? [2, 1] : [1, 1],
    timeMs,
    scores: [homeScore, awayScore],
    ...(neutral ? { neutral } : { homeTeam: 0 }),
    ...(season === '' ? {} : { season }),
  };
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
  const rows = source.pipe(
    parse({ bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }),
  );
  const collector = new MatchCollector();
  let format: MatchFileFormat | undefined;
  let layout: ScoreLayout | undefined;
  let lastTimeMs = Number.NEGATIVE_INFINITY;
  let lineNumber = 0;
  let pending: PendingMatch | undefined;
  const finished = new Set<string>();
  try {
    for await (const row of rows as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const cells = row.record;
      lineNumber = row.info.lines;
      if (format === undefined) {
        format = detectFormat(cells);
        if (format === undefined) {
          throw dataError(`unknown match file format (header "${cells.join(',').slice(0, 80)}")`, {
            path,
            line: lineNumber,
            reason: 'unknown-format',
          });
        }
        if (format === 'scores') layout = scoreLayout(cells);
        continue;
      }
      // A line of blanks only (trimmed to one empty cell).
      if (cells.length === 1 && cells[0] === '') continue;
      const where = { path, line: lineNumber };
      const width = format === 'scores' ? (layout as ScoreLayout).width : HEADERS[format].length;
      if (cells.length !== width) {
        throw dataError(`expected ${width} columns, found ${cells.length}`, where);
      }
      if (format === 'scores') {
        const match = scoresMatch(cells, layout as ScoreLayout, collector, where, lastTimeMs);
        lastTimeMs = match.timeMs as number;
        collector.matches.push(match);
        continue;
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
    // A CSV error (an unclosed quote, text after a closing quote) knows its own line.
    const line =
      error instanceof CsvError && typeof error['lines'] === 'number' ? error['lines'] : lineNumber;
    throw dataError(`cannot read match file: ${(error as Error).message}`, { path, line });
  }
  if (format === undefined) throw dataError(`match file ${path} is empty`, { path, reason: 'empty' });
  if (pending !== undefined) collector.matches.push(finishLongMatch(pending, path, format === 'teams-sided'));
  return {
    path,
    format,
    matches: collector.matches,
    playerCount: collector.playerCount,
    hasDates: format !== 'teams-sided',
    hasSides:
      format === 'teams-sided' ||
      (format === 'scores' && collector.matches.some((m) => m.homeTeam !== undefined)),
    hasDraws: collector.matches.some((match) => new Set(match.ranks).size < match.ranks.length),
    hasScores: format === 'scores',
    hasSeasons: collector.matches.some((match) => match.season !== undefined),
  };
}
