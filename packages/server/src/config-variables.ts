/**
 * A mistyped `MATCHD_*` variable must not pass silently (a server started with the defaults the
 * operator meant to change): every `MATCHD_*` variable is either one the service reads or one the
 * project's tests read, and anything else is refused with the closest known name.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';

/** `MATCHD_*` variables that are not server settings but are known (tests, the config file path). */
export const otherVariables = [
  'MATCHD_CONFIG',
  'MATCHD_TEST_POSTGRES_URL',
  'MATCHD_TEST_REDIS_URL',
  'MATCHD_FUZZ_SEED',
  'MATCHD_FC_SEED',
] as const;

/** Levenshtein distance (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The candidate nearest to `name`. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Throws MM_ERR_INVALID_OPTION for the first unknown `MATCHD_*` variable, naming the closest known one. */
export function refuseUnknownVariables(
  environment: Readonly<Record<string, string | undefined>>,
  serverVariables: readonly string[],
): void {
  const known = [...serverVariables.filter((name) => name.startsWith('MATCHD_')), ...otherVariables];
  for (const name of Object.keys(environment).sort()) {
    if (!name.startsWith('MATCHD_') || known.includes(name)) continue;
    const closest = closestName(name, known);
    throw new MatchdError(
      ErrorCodes.INVALID_OPTION,
      `unknown environment variable ${name}${closest === undefined ? '' : `: did you mean ${closest}?`} ` +
        '(every MATCHD_* variable must be a known one; see `matchd serve --help`)',
      { path: name, ...(closest === undefined ? {} : { closest }) },
    );
  }
}
