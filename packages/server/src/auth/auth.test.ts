import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '@matchd/engine';
import { createPlayerTokens } from './player-tokens.ts';
import { createAuthenticator, requireRole } from './principals.ts';

const secret = 'a-secret-of-at-least-32-characters!!';
const unauthorized = (error: unknown) => isMatchdError(error, 'MM_ERR_UNAUTHORIZED');

test('a player token names its player until it expires', () => {
  const tokens = createPlayerTokens(secret);
  const { token, expiresAtSeconds } = tokens.issue('alice', 1_000_000, 60);
  assert.equal(expiresAtSeconds, 1060);
  assert.deepEqual(tokens.verify(token, 1_000_000 + 59_000), { playerId: 'alice', expiresAtSeconds: 1060 });
  assert.throws(() => tokens.verify(token, 1_060_000), unauthorized);
});

test('tampered, foreign and malformed tokens are refused', () => {
  const tokens = createPlayerTokens(secret);
  const { token } = tokens.issue('alice', 0, 600);
  const [payload, signature] = token.split('.') as [string, string];
  const forged = Buffer.from(JSON.stringify({ sub: 'bob', exp: 600 })).toString('base64url');
  assert.throws(() => tokens.verify(`${forged}.${signature}`, 0), unauthorized);
  assert.throws(() => tokens.verify(`${payload}.${signature.slice(1)}`, 0), unauthorized);
  assert.throws(() => createPlayerTokens(`${secret}-other`).verify(token, 0), unauthorized);
  for (const bad of ['', '.', 'a.b.c', 'nodot']) assert.throws(() => tokens.verify(bad, 0), unauthorized);
});

test('keys resolve to roles; admin may do everything, server not admin work, players only player work', () => {
  const tokens = createPlayerTokens(secret);
  const auth = createAuthenticator(
    [
      { role: 'admin', name: 'ops', key: 'admin-key-0123456789' },
      { role: 'server', name: 'game', key: 'server-key-0123456789' },
    ],
    tokens,
  );
  const admin = auth.authenticate('admin-key-0123456789', 0);
  const server = auth.authenticate('server-key-0123456789', 0);
  const player = auth.authenticate(tokens.issue('alice', 0, 60).token, 0);
  assert.deepEqual(player, { kind: 'player', playerId: 'alice' });
  for (const role of ['admin', 'server', 'player'] as const) requireRole(admin, role);
  requireRole(server, 'server');
  requireRole(server, 'player');
  assert.throws(
    () => requireRole(server, 'admin'),
    (error) => isMatchdError(error, 'MM_ERR_FORBIDDEN'),
  );
  assert.throws(
    () => requireRole(player, 'server'),
    (error) => isMatchdError(error, 'MM_ERR_FORBIDDEN'),
  );
  assert.throws(() => auth.authenticate(undefined, 0), unauthorized);
  assert.throws(() => auth.authenticate('unknown-key', 0), unauthorized);
});
