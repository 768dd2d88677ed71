/**
 * Who may see a player's rating on a track: the track's policy says `public` (everyone), `self`
 * (the player), `friends` (the player and the players on their friends list: Dota's ranked MMR) or
 * `hidden` (nobody: Dota's normal MMR). Admin keys always may; game-server keys see public tracks.
 * A policy that declares nothing keeps the service's old rule: `ranked...` tracks are `self`.
 */
import type { Principal } from '../auth/principals.ts';
import type { Visibility } from '../rating/policy-declaration.ts';
import type { RatingSystem } from '../rating/rating-system.ts';
import type { ServiceContext } from './context.ts';

export type { Visibility } from '../rating/policy-declaration.ts';

/** The track's visibility: its policy's, else `self` for `ranked...` tracks and `public` for others. */
export function visibilityOf(system: RatingSystem, track: string): Visibility {
  return system.visibility ?? (track.startsWith('ranked') ? 'self' : 'public');
}

/** True for admin keys, which see every rating and every raw value. */
export function isAdmin(principal: Principal): boolean {
  return principal.kind === 'key' && principal.role === 'admin';
}

/** True when `principal` may see `playerId`'s rating on a track of `visibility`. */
export async function maySee(
  context: ServiceContext,
  principal: Principal,
  playerId: string,
  visibility: Visibility,
): Promise<boolean> {
  if (isAdmin(principal) || visibility === 'public') return true;
  if (principal.kind !== 'player' || visibility === 'hidden') return false;
  if (principal.playerId === playerId) return true;
  return visibility === 'friends' && (await context.friends.friendsOf(playerId)).includes(principal.playerId);
}
