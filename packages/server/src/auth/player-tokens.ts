/**
 * Short-lived player tokens: `<payload>.<signature>`, both base64url, the signature an HMAC-SHA256
 * of the payload under the configured secret. A token names one player and an expiry; it lets that
 * player read, watch and cancel only tickets they are on. Issued through a server key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCodes, MatchdError } from '@matchd/engine';

/** What a valid token proves. */
export interface PlayerClaims {
  readonly playerId: string;
  /** Expiry, Unix seconds. */
  readonly expiresAtSeconds: number;
}

/** Signs and verifies player tokens under one secret. */
export interface PlayerTokens {
  issue(playerId: string, nowMs: number, ttlSeconds: number): { token: string; expiresAtSeconds: number };
  /** The claims of a valid, unexpired token; throws MM_ERR_UNAUTHORIZED otherwise. */
  verify(token: string, nowMs: number): PlayerClaims;
}

/** Player tokens signed with HMAC-SHA256 under `secret` (32+ characters). */
export function createPlayerTokens(secret: string): PlayerTokens {
  if (secret.length < 32)
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'token secret needs 32+ characters');
  const sign = (payload: string): Buffer => createHmac('sha256', secret).update(payload).digest();
  const refuse = (why: string): MatchdError =>
    new MatchdError(ErrorCodes.UNAUTHORIZED, `player token ${why}`);
  return {
    issue(playerId, nowMs, ttlSeconds) {
      const expiresAtSeconds = Math.floor(nowMs / 1000) + ttlSeconds;
      const payload = Buffer.from(JSON.stringify({ sub: playerId, exp: expiresAtSeconds })).toString(
        'base64url',
      );
      return { token: `${payload}.${sign(payload).toString('base64url')}`, expiresAtSeconds };
    },
    verify(token, nowMs) {
      const dot = token.indexOf('.');
      if (dot <= 0 || dot !== token.lastIndexOf('.')) throw refuse('is malformed');
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = sign(payload);
      // Constant-time compare so the signature cannot be guessed byte by byte from response times.
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw refuse('has a bad signature');
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw refuse('is malformed');
      }
      const { sub, exp } = (claims ?? {}) as { sub?: unknown; exp?: unknown };
      if (typeof sub !== 'string' || typeof exp !== 'number') throw refuse('is malformed');
      if (exp * 1000 <= nowMs) throw refuse('has expired');
      return { playerId: sub, expiresAtSeconds: exp };
    },
  };
}
