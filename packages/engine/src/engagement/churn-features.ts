/**
 * The churn model's features, after EOMM section 5.2: for each of the player's 10 most recent
 * matches, whether it exists, its outcome (win, draw; loss is the baseline), the time from it to
 * the next match (the upcoming one for the most recent), and its score difference; the upcoming
 * match's outcome one-hot; and the number of matches in the last 8 hours, day, week and month.
 * Times and counts enter as log1p(hours) / log1p(count): churn responds to gaps roughly in ratio.
 */
import type { PastMatch } from './history-log.ts';
import type { MatchOutcome } from './outcomes.ts';

/** Recent matches the features describe one by one. */
export const CHURN_FEATURE_RECENT_MATCHES = 10;

const HOUR_MS = 3600 * 1000;
const COUNT_WINDOWS_MS = [8 * HOUR_MS, 24 * HOUR_MS, 7 * 24 * HOUR_MS, 30 * 24 * HOUR_MS] as const;

/** A player's state at the moment of matchmaking: past matches (oldest first) and the time now. */
export interface ChurnPlayerState {
  readonly previous: readonly PastMatch[];
  readonly nowMs: number;
}

/** Names of the features, in vector order (for reports and coefficient tables). */
export function churnFeatureNames(): string[] {
  const names: string[] = [];
  for (let k = 1; k <= CHURN_FEATURE_RECENT_MATCHES; k++) {
    names.push(
      `recent${k}.present`,
      `recent${k}.win`,
      `recent${k}.draw`,
      `recent${k}.log1pHoursToNext`,
      `recent${k}.scoreDifference`,
    );
  }
  names.push('upcoming.win', 'upcoming.draw', 'upcoming.loss');
  names.push('log1pMatches8h', 'log1pMatches1d', 'log1pMatches7d', 'log1pMatches30d');
  return names;
}

/** The feature vector of a state and a hypothetical upcoming outcome. */
export function churnFeatures(state: ChurnPlayerState, upcoming: MatchOutcome): number[] {
  const features: number[] = [];
  const { previous, nowMs } = state;
  for (let k = 1; k <= CHURN_FEATURE_RECENT_MATCHES; k++) {
    const index = previous.length - k;
    const match = previous[index];
    if (match === undefined) {
      features.push(0, 0, 0, 0, 0);
      continue;
    }
    const nextTimeMs = index + 1 < previous.length ? (previous[index + 1] as PastMatch).timeMs : nowMs;
    features.push(
      1,
      match.outcome === 'W' ? 1 : 0,
      match.outcome === 'D' ? 1 : 0,
      Math.log1p(Math.max(0, nextTimeMs - match.timeMs) / HOUR_MS),
      match.scoreDifference,
    );
  }
  features.push(upcoming === 'W' ? 1 : 0, upcoming === 'D' ? 1 : 0, upcoming === 'L' ? 1 : 0);
  for (const windowMs of COUNT_WINDOWS_MS) {
    let count = 0;
    for (let i = previous.length - 1; i >= 0 && nowMs - (previous[i] as PastMatch).timeMs <= windowMs; i--)
      count++;
    features.push(Math.log1p(count));
  }
  return features;
}
