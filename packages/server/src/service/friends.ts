/**
 * Friends lists, for tracks whose ratings are shown to the player and their friends (Dota's ranked
 * MMR). A player's list names who may see their ratings on `friends` tracks. matchd keeps lists in
 * its ratings store (set through the API by the player or a game server); a studio with its own
 * social graph passes its own `FriendsSource` to `buildServer` instead (docs/ratings-policy.md,
 * "Friends"), and the API's list changes are then refused.
 */
import type { RatingsStore } from '../store/ratings-store.ts';

/** Where friends lists come from. */
export interface FriendsSource {
  /** The players `playerId` lets see their ratings on `friends` tracks (empty when none). */
  friendsOf(playerId: string): Promise<readonly string[]>;
  /** Present when matchd keeps the lists, so the API may change them. */
  readonly lists?: {
    replace(playerId: string, friendIds: readonly string[]): Promise<void>;
    add(playerId: string, friendId: string): Promise<void>;
    remove(playerId: string, friendId: string): Promise<void>;
  };
}

/** The lists the ratings store keeps. */
export function storeFriends(ratings: RatingsStore): FriendsSource {
  return {
    friendsOf: (playerId) => ratings.friendsOf(playerId),
    lists: {
      replace: (playerId, friendIds) => ratings.setFriends(playerId, friendIds),
      add: (playerId, friendId) => ratings.addFriend(playerId, friendId),
      remove: (playerId, friendId) => ratings.removeFriend(playerId, friendId),
    },
  };
}
