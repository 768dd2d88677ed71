/**
 * Short-lived player tokens: standard JWTs (RFC 7519) signed HS256 under the configured secret, so a
 * game backend can check them with any JWT library. A token names one player (`sub`) and an expiry
 * (`exp`); it lets that player read, watch and cancel only tickets they are on. Issued through a
 * server key. Verification is jose's (algorithm pinned to HS256, expiry checked), after a check
 * that every part is canonical base64url: a token has exactly one spelling.
 */
import { createHmac } from 'node:crypto';
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { errors as joseErrors, jwtVerify } from 'jose';

/** What a valid token proves. */
export interface PlayerClaims {
  readonly playerId: string;
  /** Expiry, Unix seconds. */
  readonly expiresAtSeconds: number;
}

/** Signs and verifies player tokens under one secret. */
export interface PlayerTokens {
  issue(playerId: string, nowMs: number, ttlSeconds: number): { token: string; expiresAtSeconds: number };
  /** The claims of a valid, unexpired token; rejects with MM_ERR_UNAUTHORIZED otherwise. */
  verify(token: string, nowMs: number): Promise<PlayerClaims>;
}

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** True when `part` is base64url exactly as it re-encodes (no padding, no stray trailing bits). */
function canonical(part: string): boolean {
  return /^[A-Za-z0-9_-]*$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;
}

/** Player tokens signed with HMAC-SHA256 under `secret` (32+ characters). */
export function createPlayerTokens(secret: string): PlayerTokens {
  if (secret.length < 32)
    throw new MatchdError(ErrorCodes.INVALID_OPTION, 'token secret needs 32+ characters');
  const key = new TextEncoder().encode(secret);
  const refuse = (why: string): MatchdError =>
    new MatchdError(ErrorCodes.UNAUTHORIZED, `player token ${why}`);
  return {
    issue(playerId, nowMs, ttlSeconds) {
      const issuedAtSeconds = Math.floor(nowMs / 1000);
      const expiresAtSeconds = issuedAtSeconds + ttlSeconds;
      const payload = Buffer.from(
        JSON.stringify({ sub: playerId, iat: issuedAtSeconds, exp: expiresAtSeconds }),
      ).toString('base64url');
      const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
      return { token: `${header}.${payload}.${signature}`, expiresAtSeconds };
    },
    async verify(token, nowMs) {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every(canonical)) throw refuse('is malformed');
      let claims: { sub?: unknown; exp?: unknown };
      try {
        ({ payload: claims } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
          requiredClaims: ['sub', 'exp'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw refuse('has expired');
        if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw refuse('has a bad signature');
        throw refuse('is malformed');
      }
      if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') throw refuse('is malformed');
      return { playerId: claims.sub, expiresAtSeconds: claims.exp };
    },
  };
}
