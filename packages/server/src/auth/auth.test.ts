import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMatchdError } from '@matchd/engine';
import { jwtVerify } from 'jose';
import { createPlayerTokens } from './player-tokens.ts';
import { createAuthenticator, requireRole } from './principals.ts';

const secret = 'a-secret-of-at-least-32-characters!!';
const unauthorized = (error: unknown) => isMatchdError(error, 'MM_ERR_UNAUTHORIZED');

test('a player token names its player until it expires', async () => {
  const tokens = createPlayerTokens(secret);
  const { token, expiresAtSeconds } = tokens.issue('alice', 1_000_000, 60);
  assert.equal(expiresAtSeconds, 1060);
  assert.deepEqual(await tokens.verify(token, 1_000_000 + 59_000), {
    playerId: 'alice',
    expiresAtSeconds: 1060,
  });
  await assert.rejects(tokens.verify(token, 1_060_000), unauthorized);
});

test('a player token is a standard HS256 JWT that any JWT library verifies', async () => {
  const { token } = createPlayerTokens(secret).issue('alice', Date.now(), 600);
  const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(secret));
  assert.equal(protectedHeader.alg, 'HS256');
  assert.equal(payload.sub, 'alice');
});

test('tampered, foreign, unsigned and malformed tokens are refused', async () => {
  const tokens = createPlayerTokens(secret);
  const { token } = tokens.issue('alice', 0, 600);
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const forged = Buffer.from(JSON.stringify({ sub: 'bob', exp: 600 })).toString('base64url');
  await assert.rejects(tokens.verify(`${header}.${forged}.${signature}`, 0), unauthorized);
  await assert.rejects(tokens.verify(`${header}.${payload}.${signature.slice(1)}`, 0), unauthorized);
  await assert.rejects(createPlayerTokens(`${secret}-other`).verify(token, 0), unauthorized);
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  await assert.rejects(tokens.verify(`${none}.${payload}.`, 0), unauthorized);
  for (const bad of ['', '.', 'a.b', 'a.b.c.d', 'nodot', `${header}.${payload}.${signature}=`])
    await assert.rejects(tokens.verify(bad, 0), unauthorized);
});

test('a signature has one spelling: base64url re-encodings with other trailing bits are refused', async () => {
  const tokens = createPlayerTokens(secret);
  const { token } = tokens.issue('alice', 0, 600);
  const [header, payload, signature] = token.split('.') as [string, string, string];
  // 32 bytes are 43 base64url characters; the last carries 2 unused bits, so 4 spellings decode alike.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(signature.at(-1) as string);
  const variants = [1, 2, 3].map((bits) => `${signature.slice(0, -1)}${alphabet[last ^ bits]}`);
  for (const variant of variants) {
    assert.deepEqual(Buffer.from(variant, 'base64url'), Buffer.from(signature, 'base64url'));
    await assert.rejects(tokens.verify(`${header}.${payload}.${variant}`, 0), unauthorized);
  }
  assert.equal((await tokens.verify(token, 0)).playerId, 'alice');
});

test('keys resolve to roles; admin may do everything, server not admin work, players only player work', async () => {
  const tokens = createPlayerTokens(secret);
  const auth = createAuthenticator(
    [
      { role: 'admin', name: 'ops', key: 'admin-key-0123456789' },
      { role: 'server', name: 'game', key: 'server-key-0123456789' },
    ],
    tokens,
  );
  const admin = await auth.authenticate('admin-key-0123456789', 0);
  const server = await auth.authenticate('server-key-0123456789', 0);
  const player = await auth.authenticate(tokens.issue('alice', 0, 60).token, 0);
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
  await assert.rejects(auth.authenticate(undefined, 0), unauthorized);
  await assert.rejects(auth.authenticate('unknown-key', 0), unauthorized);
});
