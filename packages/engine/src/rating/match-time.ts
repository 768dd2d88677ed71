/**
 * The time check shared by the models that live in continuous time (Glicko-2's growing RD, the
 * Fermi model's decay): the match time must be a finite number no earlier than any player's last game.
 */
import { ErrorCodes, MatchdError } from '../errors.ts';

/** Throws INVALID_OPTION for a non-finite `nowMs`, TIME_WENT_BACKWARDS if a rating was played after it. */
export function requireMatchTime(
  teams: readonly (readonly { readonly lastPlayedMs?: number | undefined }[])[],
  nowMs: number,
): void {
  if (!Number.isFinite(nowMs)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'context.nowMs must be finite', {
      path: 'context.nowMs',
    });
  }
  for (const team of teams) {
    for (const rating of team) {
      if (rating.lastPlayedMs !== undefined && rating.lastPlayedMs > nowMs) {
        throw new MatchdError(
          ErrorCodes.TIME_WENT_BACKWARDS,
          'a rating was last played after context.nowMs',
          {
            lastPlayedMs: rating.lastPlayedMs,
            nowMs,
          },
        );
      }
    }
  }
}
