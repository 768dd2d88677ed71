/**
 * Browsers and proxies, in a real browser (Debian's Chromium through playwright-core): a game's
 * page on another origin calls the API (a preflighted POST /v1/tickets with a bearer key) and
 * succeeds when MATCHD_CORS_ORIGINS lists its origin, and is blocked when it does not; the API
 * reference's "Try it out" calls the server it was read from, on a port other than 8080 and
 * through a reverse proxy on yet another port.
 */
import assert from 'node:assert/strict';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { duelQueue, keys, startTestServer, type TestServer } from './support/harness.ts';

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Listens on a free port of 127.0.0.1; resolves with the server and its origin. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A game's page: serves an empty HTML page from its own origin. */
function gamePage(): Server {
  return createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>game</title>');
  });
}

/** A reverse proxy to `target` (as a load balancer would stand in front of a node). */
function reverseProxy(target: string): Server {
  const upstream = new URL(target);
  return createServer((incoming, outgoing) => {
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(proxied);
  });
}

/** What the page gets from a cross-origin ticket creation: the status, or the browser's refusal. */
const createTicketFrom = (api: string, key: string, playerId: string) => `
  fetch(${JSON.stringify(`${api}/v1/tickets`)}, {
    method: 'POST',
    headers: { authorization: ${JSON.stringify(`Bearer ${key}`)}, 'content-type': 'application/json' },
    body: JSON.stringify({ queueId: 'duel', players: [{ playerId: ${JSON.stringify(playerId)} }] }),
  }).then((response) => response.json().then((body) => ({ status: response.status, state: body.state })),
          (error) => ({ refused: String(error) }))`;

describe('browsers and proxies, in headless Chromium', () => {
  let browser: Browser;
  const servers: Server[] = [];
  const matchd: TestServer[] = [];
  let page: string;

  before(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
    const game = gamePage();
    servers.push(game);
    page = await listen(game);
  });
  after(async () => {
    await browser?.close();
    for (const server of servers) server.close();
    for (const server of matchd) await server.dispose();
  });

  test('a page on another origin creates a ticket when MATCHD_CORS_ORIGINS allows it, and is blocked when not', async () => {
    const allowing = await startTestServer({ ratings: 'memory', pool: 'memory' }, [duelQueue], {
      corsOrigins: [page],
    });
    const other = await startTestServer({ ratings: 'memory', pool: 'memory' }, [duelQueue], {
      corsOrigins: ['https://another-game.example'],
    });
    matchd.push(allowing, other);
    const tab = await browser.newPage();
    await tab.goto(page);
    assert.deepEqual(await tab.evaluate(createTicketFrom(allowing.server.address, keys.server, 'ana')), {
      status: 201,
      state: 'searching',
    });
    const blocked = (await tab.evaluate(createTicketFrom(other.server.address, keys.server, 'ben'))) as {
      refused?: string;
    };
    assert.match(blocked.refused ?? '', /Failed to fetch/);
    // The refused preflight created nothing.
    const players = await other.api(keys.admin).getQueue('duel');
    assert.equal(players.ticketsWaiting, 0);
    await tab.close();
  });

  test('"Try it out" in the API reference calls the server it was read from: another port, and behind a proxy', async () => {
    const server = await startTestServer({ ratings: 'memory', pool: 'memory' }, [duelQueue]);
    matchd.push(server);
    assert.notEqual(new URL(server.server.address).port, '8080');
    const proxy = reverseProxy(server.server.address);
    servers.push(proxy);
    const proxied = await listen(proxy);
    for (const origin of [server.server.address, proxied]) {
      const tab = await browser.newPage();
      const called: string[] = [];
      tab.on('request', (request) => {
        if (request.url().includes('/healthz')) called.push(request.url());
      });
      await tab.goto(`${origin}/docs`);
      const operation = tab.locator('#operations-system-health');
      await operation.locator('.opblock-summary').click();
      // "Try it out" is on from the start (the UI's tryItOutEnabled): Execute is there.
      await operation.getByRole('button', { name: 'Execute' }).click();
      const status = operation.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor();
      assert.equal((await status.textContent())?.trim(), '200', origin);
      assert.deepEqual(called, [`${origin}/healthz`], 'the call went where the reference was read');
      await tab.close();
    }
  });
});
