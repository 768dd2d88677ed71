/**
 * The simple churn model of EOMM's Table 1: the churn probability keyed by a player's last K
 * outcomes, the upcoming one included (key 'WWL' = won, won, then loses the upcoming match).
 * Estimable from a history log by counting, with an optional Beta prior so that rare keys do
 * not come out as 0 or 1.
 */
import { ErrorCodes, MatchdError } from '../errors.ts';
import type { LabelledMatch } from './history-log.ts';
import { MATCH_OUTCOMES, type MatchOutcome, type OutcomeChurn } from './outcomes.ts';

/** Churn probability per key of `keyLength` outcomes (oldest first, the upcoming outcome last). */
export interface ChurnTable {
  readonly keyLength: number;
  readonly churn: Readonly<Record<string, number>>;
}

/** Every key of length `keyLength` over W/D/L, in lexical W, D, L order (3^keyLength keys). */
export function churnTableKeys(keyLength: number): string[] {
  let keys = [''];
  for (let i = 0; i < keyLength; i++) keys = keys.flatMap((key) => MATCH_OUTCOMES.map((o) => key + o));
  return keys;
}

/**
 * Builds a table from a plain record; throws MM_ERR_INVALID_OPTION unless it has exactly the
 * 3^K keys of one length K >= 1, each a probability in [0, 1].
 */
export function createChurnTable(churn: Readonly<Record<string, unknown>>): ChurnTable {
  const keys = Object.keys(churn);
  const keyLength = keys[0]?.length ?? 0;
  const expected = keyLength > 0 ? churnTableKeys(keyLength) : [];
  const invalid = (message: string, path: string): MatchdError =>
    new MatchdError(ErrorCodes.INVALID_OPTION, message, { path });
  if (keyLength === 0 || keyLength > 12)
    throw invalid('a churn table needs keys of 1 to 12 outcomes', 'churn');
  if (keys.length !== expected.length) {
    const missing = expected.filter((key) => !(key in churn));
    throw invalid(
      `a churn table with keys of length ${keyLength} needs all ${expected.length} keys; missing ${missing.slice(0, 5).join(', ')}`,
      'churn',
    );
  }
  const table: Record<string, number> = {};
  for (const key of expected) {
    const value = churn[key];
    if (value === undefined) throw invalid(`churn table key ${key} is missing or malformed`, `churn.${key}`);
    if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
      throw invalid(`churn.${key} must be a probability in [0, 1]`, `churn.${key}`);
    }
    table[key] = value;
  }
  return { keyLength, churn: table };
}

/** The churn probability for a history (its last keyLength - 1 outcomes are used) and the upcoming outcome. */
export function tableChurn(
  table: ChurnTable,
  history: readonly MatchOutcome[],
  upcoming: MatchOutcome,
): number {
  const needed = table.keyLength - 1;
  if (history.length < needed) {
    throw new MatchdError(ErrorCodes.INVALID_DATA, `the table needs ${needed} previous outcomes`, {
      actual: history.length,
    });
  }
  const key = history.slice(history.length - needed).join('') + upcoming;
  return table.churn[key] as number;
}

/** Churn after each outcome of the upcoming match, for a history. */
export function tableOutcomeChurn(table: ChurnTable, history: readonly MatchOutcome[]): OutcomeChurn {
  return {
    win: tableChurn(table, history, 'W'),
    draw: tableChurn(table, history, 'D'),
    loss: tableChurn(table, history, 'L'),
  };
}

/** Options of a table estimate. */
export interface ChurnTableEstimateOptions {
  readonly keyLength: number;
  /**
   * Strength of a Beta prior centred on the log's overall churn rate, in pseudo-matches per key
   * (0 = raw frequencies; a key never seen then gets the overall rate).
   */
  readonly priorMatches?: number;
}

/** One key's counts in an estimate. */
export interface ChurnTableCell {
  readonly key: string;
  readonly matches: number;
  readonly churned: number;
  readonly churn: number;
}

/** A table estimated from labelled matches, with the counts behind each key. */
export interface ChurnTableEstimate {
  readonly table: ChurnTable;
  readonly cells: readonly ChurnTableCell[];
  readonly overallChurn: number;
}

/**
 * Estimates a churn table from labelled matches (see `labelChurn`): for each key, the share of
 * matches after which the player churned. Matches with fewer than keyLength - 1 earlier matches
 * of the same player are skipped.
 */
export function estimateChurnTable(
  matches: readonly LabelledMatch[],
  options: ChurnTableEstimateOptions,
): ChurnTableEstimate {
  const { keyLength } = options;
  const priorMatches = options.priorMatches ?? 0;
  if (!Number.isInteger(keyLength) || keyLength < 1 || keyLength > 12) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'keyLength must be an integer in [1, 12]', {
      path: 'keyLength',
    });
  }
  if (!(Number.isFinite(priorMatches) && priorMatches >= 0)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'priorMatches must be finite and >= 0', {
      path: 'priorMatches',
    });
  }
  const counts = new Map<string, { matches: number; churned: number }>();
  let total = 0;
  let totalChurned = 0;
  for (const match of matches) {
    if (match.previous.length < keyLength - 1) continue;
    const key =
      match.previous
        .slice(match.previous.length - (keyLength - 1))
        .map((m) => m.outcome)
        .join('') + match.match.outcome;
    const cell = counts.get(key) ?? { matches: 0, churned: 0 };
    cell.matches++;
    if (match.churned) cell.churned++;
    counts.set(key, cell);
    total++;
    if (match.churned) totalChurned++;
  }
  const overallChurn = total > 0 ? totalChurned / total : 0;
  const churn: Record<string, number> = {};
  const cells = churnTableKeys(keyLength).map((key) => {
    const cell = counts.get(key) ?? { matches: 0, churned: 0 };
    const denominator = cell.matches + priorMatches;
    const value = denominator > 0 ? (cell.churned + priorMatches * overallChurn) / denominator : overallChurn;
    churn[key] = value;
    return { key, matches: cell.matches, churned: cell.churned, churn: value };
  });
  return { table: { keyLength, churn }, cells, overallChurn };
}
