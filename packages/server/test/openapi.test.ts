/**
 * The API contract as a client sees it: /openapi.json passes `redocly lint` (its recommended
 * rules) with no error, every operation has an operationId and a 2xx response with a schema,
 * examples included; /asyncapi.json passes too and describes every message the stream sends; the
 * Swagger UI answers at /docs.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { httpStatusOf } from '../src/http/error-map.ts';
import { startTestServer, type TestServer } from './support/harness.ts';

const redocly = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'redocly');

type Operation = {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown; example?: unknown }> }>;
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown; examples?: unknown }> };
};
type OpenApi = {
  openapi: string;
  info: { description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

/** Runs `redocly lint` on a document; returns its totals. */
function lint(document: unknown): { errors: number; warnings: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'matchd-lint-'));
  try {
    const file = join(dir, 'document.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(redocly, ['lint', file, '--format=json'], {
      encoding: 'utf8',
      // Offline: no telemetry, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
    });
    const json = run.stdout.slice(run.stdout.indexOf('{'));
    const report = JSON.parse(json) as { totals: { errors: number; warnings: number } };
    return { ...report.totals, output: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('API documents', () => {
  let server: TestServer;
  let openapi: OpenApi;
  before(async () => {
    server = await startTestServer({ ratings: 'memory', pool: 'memory' });
    openapi = (await server.client.request<OpenApi>('GET', '/openapi.json')).body;
  });
  after(() => server.dispose());

  test('/openapi.json is OpenAPI 3.1 and passes redocly lint with 0 errors', () => {
    assert.equal(openapi.openapi, '3.1.0');
    // Relative: the address the document was read from, on any port and behind a proxy.
    assert.deepEqual(
      openapi.servers.map((entry) => entry.url),
      ['/'],
    );
    const report = lint(openapi);
    assert.equal(report.errors, 0, report.output);
  });

  test('every operation has a unique operationId and a 2xx response with a schema; bodies have examples', () => {
    const operations = Object.entries(openapi.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    assert.ok(operations.length >= 25, `only ${operations.length} operations`);
    const ids = operations.map(({ operation }) => operation.operationId);
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const { path, method, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.equal(typeof operation.operationId, 'string', `${where} has an operationId`);
      const success = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      assert.ok(success.length > 0, `${where} has a 2xx response`);
      for (const [status, response] of success) {
        const schemas = Object.values(response.content ?? {}).map((media) => media.schema);
        assert.ok(
          schemas.length > 0 && schemas.every((schema) => schema !== undefined),
          `${where} ${status} has a schema`,
        );
      }
      const errors = Object.keys(operation.responses).filter((status) => /^4\d\d$/.test(status));
      assert.ok(errors.length > 0, `${where} documents its 4xx errors`);
      const body = operation.requestBody?.content['application/json'];
      if (body !== undefined) {
        assert.ok(body.example !== undefined || body.examples !== undefined, `${where} has a body example`);
      }
    }
    assert.ok(openapi.paths['/v1/leaderboards/{group}/{kind}'], 'leaderboards are reachable as a path');
    // The WebSocket stream is not an HTTP operation: the document links to its AsyncAPI description.
    assert.match(openapi.info.description, /\/asyncapi\.json/);
  });

  test('each error response shows an example that fits its status (a 401 example is a 401 code)', () => {
    let checked = 0;
    for (const [path, methods] of Object.entries(openapi.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!/^[45]\d\d$/.test(status)) continue;
          const example = response.content?.['application/json']?.example as
            | { error: { code: keyof typeof httpStatusOf } }
            | undefined;
          const where = `${method.toUpperCase()} ${path} ${status}`;
          assert.ok(example !== undefined, `${where} has an example`);
          assert.equal(httpStatusOf[example.error.code], Number(status), `${where}: ${example.error.code}`);
          checked += 1;
        }
      }
    }
    assert.ok(checked > 100, `${checked} error responses`);
  });

  test('/asyncapi.json passes redocly lint and describes every message type of the stream', async () => {
    const asyncapi = (
      await server.client.request<{
        asyncapi: string;
        channels: Record<string, { address: string }>;
        components: { messages: Record<string, { payload: { properties: { type: { const: string } } } }> };
      }>('GET', '/asyncapi.json')
    ).body;
    assert.equal(asyncapi.asyncapi, '3.0.0');
    const report = lint(asyncapi);
    assert.equal(report.errors, 0, report.output);
    const typesOf = (prefix: boolean) =>
      Object.entries(asyncapi.components.messages)
        .filter(([name]) => name.startsWith('match-') === prefix)
        .map(([, message]) => message.payload.properties.type.const)
        .sort();
    assert.deepEqual(typesOf(false), [
      'allocation-failed',
      'assigned',
      'cancelled',
      'expired',
      'matched',
      'proposed',
      'returned',
      'searching',
      'state',
    ]);
    // The match stream of game servers (and the `event` of every webhook body).
    assert.deepEqual(typesOf(true), [
      'allocation-failed',
      'assigned',
      'backfill-ended',
      'backfill-requested',
      'backfilled',
      'formed',
      'players-left',
      'subscribed',
    ]);
    assert.deepEqual(Object.keys(asyncapi.channels).sort(), ['matchEvents', 'ticketEvents']);
  });

  test('the Swagger UI answers at /docs and loads /openapi.json', async () => {
    const page = await fetch(`${server.server.address}/docs/static/index.html`);
    assert.equal(page.status, 200);
    const initializer = await fetch(`${server.server.address}/docs/static/swagger-initializer.js`);
    assert.equal(initializer.status, 200);
    assert.match(await initializer.text(), /openapi\.json/);
  });
});
