/**
 * A synthetic world with a known churn function, to check that the engine's churn model recovers
 * it. Players play sessions of matches; after each match the player churns (no match for at least
 * the churn window) with a true probability that is a logistic function of EOMM's features
 * (engagement/churn-features.ts), so the model family contains the truth and the fitted
 * probabilities can be compared with the true ones bin by bin.
 */
import {
  type ChurnPlayerState,
  churnFeatureNames,
  churnFeatures,
  type HistoryEntry,
  MATCH_OUTCOMES,
  type PastMatch,
  type Random,
  sigmoid,
} from '@matchd/engine';

const HOUR_MS = 3600 * 1000;

/** The true churn function: logit = intercept + sum of coefficients[name] * feature[name]. */
export interface TrueChurnFunction {
  readonly intercept: number;
  readonly coefficients: Readonly<Record<string, number>>;
}

/** A default truth: losses and loss streaks raise churn, wins and recent activity lower it. */
export const DEFAULT_TRUE_CHURN: TrueChurnFunction = {
  intercept: -0.6,
  coefficients: {
    'upcoming.loss': 0.7,
    'upcoming.win': -0.5,
    'recent1.present': 0.4,
    'recent1.win': -0.45,
    'recent1.draw': -0.2,
    'recent2.win': -0.2,
    'recent1.log1pHoursToNext': 0.25,
    'recent1.scoreDifference': -0.08,
    log1pMatches1d: -0.3,
    log1pMatches30d: 0.15,
  },
};

/** The true churn probability of a state and an upcoming outcome. */
export function trueChurnProbability(
  truth: TrueChurnFunction,
  state: ChurnPlayerState,
  upcoming: 'W' | 'D' | 'L',
): number {
  const names = churnFeatureNames();
  const features = churnFeatures(state, upcoming);
  let z = truth.intercept;
  names.forEach((name, j) => {
    z += (truth.coefficients[name] ?? 0) * (features[j] as number);
  });
  return sigmoid(z);
}

/** Options of the world. */
export interface ChurnWorldOptions {
  readonly players: number;
  /** Length of the observed period. */
  readonly days: number;
  readonly truth: TrueChurnFunction;
  readonly churnWindowMs: number;
  readonly random: Random;
}

/** A generated log with each match's true churn probability (aligned with labelChurn by player and time). */
export interface ChurnWorld {
  readonly log: HistoryEntry[];
  readonly logEndMs: number;
  /** True churn probability after each match, keyed `${playerId}@${timeMs}`. */
  readonly trueChurn: Map<string, number>;
}

/** Generates the world's match-history log. */
export function generateChurnWorld(options: ChurnWorldOptions): ChurnWorld {
  const { random, truth, churnWindowMs } = options;
  const logEndMs = options.days * 24 * HOUR_MS;
  const log: HistoryEntry[] = [];
  const trueChurn = new Map<string, number>();
  for (let p = 0; p < options.players; p++) {
    const playerId = `p${p}`;
    const previous: PastMatch[] = [];
    let timeMs = random.uniform(0, logEndMs * 0.5);
    while (timeMs < logEndMs) {
      const outcome = random.pick(MATCH_OUTCOMES);
      const scoreDifference = outcome === 'W' ? 1 + random.int(3) : outcome === 'L' ? -1 - random.int(3) : 0;
      const probability = trueChurnProbability(truth, { previous, nowMs: timeMs }, outcome);
      log.push({ playerId, timeMs, outcome, scoreDifference });
      trueChurn.set(`${playerId}@${timeMs}`, probability);
      previous.push({ timeMs, outcome, scoreDifference });
      // A churner stays away longer than the window; a stayer comes back within it.
      timeMs += random.bernoulli(probability)
        ? churnWindowMs + random.exponential(2 * 24 * HOUR_MS)
        : random.uniform(0.05, 0.98) * churnWindowMs;
    }
  }
  return { log, logEndMs, trueChurn };
}
