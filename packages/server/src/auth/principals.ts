/**
 * Who is calling: an API key (role `server` or `admin`) or a player holding a token. Keys are
 * looked up by their SHA-256 so the lookup never compares secrets directly.
 */
import { createHash } from 'node:crypto';
import { ErrorCodes, MatchdError } from '@matchd/engine';
import type { ApiKeyConfig } from '../config.ts';
import type { PlayerTokens } from './player-tokens.ts';

/** The caller of a request. */
export type Principal =
  | { readonly kind: 'key'; readonly role: 'server' | 'admin'; readonly name: string }
  | { readonly kind: 'player'; readonly playerId: string };

/** A role a route asks for; `player` admits keys of either role too. */
export type RequiredRole = 'server' | 'admin' | 'player';

/** Resolves credentials to principals. */
export interface Authenticator {
  /** The principal of a bearer credential; rejects with MM_ERR_UNAUTHORIZED when missing or wrong. */
  authenticate(credential: string | undefined, nowMs: number): Promise<Principal>;
}

const digest = (key: string): string => createHash('sha256').update(key).digest('hex');

/** An authenticator over configured keys and a player token signer. */
export function createAuthenticator(keys: readonly ApiKeyConfig[], tokens: PlayerTokens): Authenticator {
  const byDigest = new Map(keys.map((key) => [digest(key.key), key] as const));
  return {
    async authenticate(credential, nowMs) {
      if (credential === undefined || credential.length === 0) {
        throw new MatchdError(
          ErrorCodes.UNAUTHORIZED,
          'missing credentials: send Authorization: Bearer <key or token>',
        );
      }
      const key = byDigest.get(digest(credential));
      if (key !== undefined) return { kind: 'key', role: key.role, name: key.name };
      if (!credential.includes('.')) throw new MatchdError(ErrorCodes.UNAUTHORIZED, 'unknown API key');
      return { kind: 'player', playerId: (await tokens.verify(credential, nowMs)).playerId };
    },
  };
}

/** Throws MM_ERR_FORBIDDEN unless `principal` may act with `role`. Admin keys may do everything. */
export function requireRole(principal: Principal, role: RequiredRole): void {
  if (
    principal.kind === 'key' &&
    (principal.role === 'admin' || principal.role === role || role === 'player')
  )
    return;
  if (principal.kind === 'player' && role === 'player') return;
  throw new MatchdError(ErrorCodes.FORBIDDEN, `this operation needs a ${role} credential`, { role });
}

/** True for keys of either role: they act for any player. Players act only for themselves. */
export function actsForAnyPlayer(principal: Principal): boolean {
  return principal.kind === 'key';
}

/** A stable label for rate limits and logs; never the secret itself. */
export function principalLabel(principal: Principal): string {
  return principal.kind === 'key' ? `key:${principal.name}` : `player:${principal.playerId}`;
}
