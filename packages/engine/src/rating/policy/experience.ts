/**
 * Experience as a log of games played (Dota 2, 2013: "an approximately logarithmic function of the
 * number of games played. The difference in experience between 40 games and 120 games is considered
 * to be about the same as the difference between 120 games and 280").
 *
 * experience(g) = ln(g + c). Equal gaps 40 -> 120 and 120 -> 280 mean (120 + c)^2 = (40 + c)(280 + c),
 * i.e. 14400 + 240c = 11200 + 320c, so c = 40 exactly. The offset also keeps a new player (0 games)
 * finite. The matcher compares players by the difference of their experiences.
 */
import { ErrorCodes, MatchdError } from '../../errors.ts';

/** The offset c that makes 40 -> 120 games as far as 120 -> 280 (see the file comment). */
export const DOTA_EXPERIENCE_OFFSET = 40;

/** ln(gamesPlayed + offset); throws MM_ERR_INVALID_OPTION for negative or non-finite input. */
export function experience(gamesPlayed: number, offset: number = DOTA_EXPERIENCE_OFFSET): number {
  if (!(Number.isFinite(gamesPlayed) && gamesPlayed >= 0)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'gamesPlayed must be a finite number >= 0', {
      path: 'gamesPlayed',
      value: String(gamesPlayed),
    });
  }
  if (!(Number.isFinite(offset) && offset > 0)) {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'offset must be a finite number > 0', {
      path: 'offset',
      value: String(offset),
    });
  }
  return Math.log(gamesPlayed + offset);
}

/** |experience(a) - experience(b)|: how far apart two players are in experience. */
export function experienceGap(
  gamesA: number,
  gamesB: number,
  offset: number = DOTA_EXPERIENCE_OFFSET,
): number {
  return Math.abs(experience(gamesA, offset) - experience(gamesB, offset));
}
