/**
 * The parameter file of the EOMM Table 2 experiment, exactly in the form:
 * `{"rating_mean":1500,"rating_sd":300,"rd_min":40,"rd_max":150,"draw_probability":0.2,
 *   "history_probs":{"W":0.4,"D":0.2,"L":0.4},"churn":{"WWW":0.45,...all 27 keys}}`.
 * Each pool player gets rating ~ Normal(mean, sd), RD ~ Uniform(min, max) and two previous
 * outcomes drawn from history_probs; churn of a player = churn[two previous outcomes + this one].
 */
import { type ChurnTable, createChurnTable, ErrorCodes, MatchdError } from '@matchd/engine';

/** The validated parameters. */
export interface EommTable2Params {
  readonly ratingMean: number;
  readonly ratingSd: number;
  readonly rdMin: number;
  readonly rdMax: number;
  readonly drawProbability: number;
  /** P(W), P(D), P(L) of each previous outcome. */
  readonly historyProbs: { readonly W: number; readonly D: number; readonly L: number };
  /** Keyed by three outcomes: two previous, then the upcoming one. */
  readonly churn: ChurnTable;
}

const KEYS = [
  'rating_mean',
  'rating_sd',
  'rd_min',
  'rd_max',
  'draw_probability',
  'history_probs',
  'churn',
] as const;

function invalid(path: string, message: string): MatchdError {
  return new MatchdError(ErrorCodes.INVALID_OPTION, `${path}: ${message}`, { path });
}

function finite(record: Record<string, unknown>, key: string, min: number, max = Infinity): number {
  const value = record[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw invalid(key, `must be a finite number in [${min}, ${max}]`);
  }
  return value;
}

/** Validates a parsed parameter file; throws MM_ERR_INVALID_OPTION naming the field. */
export function parseEommTable2Params(input: unknown): EommTable2Params {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw invalid('$', 'must be a JSON object');
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(KEYS as readonly string[]).includes(key))
      throw invalid(key, `unknown field (expected ${KEYS.join(', ')})`);
  }
  for (const key of KEYS) if (!(key in record)) throw invalid(key, 'is missing');
  const rdMin = finite(record, 'rd_min', 0);
  const rdMax = finite(record, 'rd_max', rdMin);
  const history = record['history_probs'];
  if (typeof history !== 'object' || history === null || Array.isArray(history)) {
    throw invalid('history_probs', 'must be an object {"W","D","L"}');
  }
  const h = history as Record<string, unknown>;
  if (Object.keys(h).sort().join() !== 'D,L,W')
    throw invalid('history_probs', 'needs exactly the keys W, D, L');
  const W = finite(h, 'W', 0, 1);
  const D = finite(h, 'D', 0, 1);
  const L = finite(h, 'L', 0, 1);
  if (Math.abs(W + D + L - 1) > 1e-9) throw invalid('history_probs', 'must sum to 1');
  const churnInput = record['churn'];
  if (typeof churnInput !== 'object' || churnInput === null || Array.isArray(churnInput)) {
    throw invalid('churn', 'must be an object of 27 keys like "WWL"');
  }
  const churn = createChurnTable(churnInput as Record<string, unknown>);
  if (churn.keyLength !== 3)
    throw invalid('churn', 'keys must be three outcomes (two previous + the upcoming one)');
  return {
    ratingMean: finite(record, 'rating_mean', -Infinity),
    ratingSd: finite(record, 'rating_sd', 0),
    rdMin,
    rdMax,
    drawProbability: finite(record, 'draw_probability', 0, 1),
    historyProbs: { W, D, L },
    churn,
  };
}
