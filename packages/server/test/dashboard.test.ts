/**
 * The dashboard in a real browser (Debian's Chromium through playwright-core), served by a real
 * server with the example queues: sign-in with the admin key, the example queues shown, and the
 * page updating as tickets arrive and match. The test saves a screenshot (.tmp/dashboard-test.png)
 * and checks the elements a person must see.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildDashboard } from '../../../scripts/build-dashboard.mjs';
import { readQueueFolder } from '../src/service/queues.ts';
import { exampleChurnTable, exampleQueuesDir } from '../src/start.ts';
import { duelQueue, keys, startTestServer, type TestServer } from './support/harness.ts';

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const screenshot = join(import.meta.dirname, '..', '..', '..', '.tmp', 'dashboard-test.png');

/** The number in the `tickets waiting` stat of a queue's card. */
async function ticketsWaiting(page: Page, queueId: string): Promise<string | undefined> {
  return (
    await page.locator(`[data-queue="${queueId}"] [data-testid="tickets-waiting"]`).textContent()
  )?.trim();
}

describe('dashboard in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const examples = readQueueFolder(exampleQueuesDir);

  before(async () => {
    await buildDashboard();
    server = await startTestServer({ ratings: 'memory', pool: 'memory' }, [...examples, duelQueue], {
      tickIntervalMs: 100,
      churnTableFile: exampleChurnTable,
    });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
    page = await browser.newPage({ viewport: { width: 1440, height: 1800 } });
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test('signs in with the admin key and shows every example queue', async () => {
    await page.goto(server.server.address);
    await page.getByLabel('admin key').fill('not-a-key-0123456789');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That key is not an admin key of this server.').waitFor();
    await page.getByLabel('admin key').fill(keys.admin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('[data-testid="queue-card"]').first().waitFor();
    const shown = await page
      .locator('[data-testid="queue-card"]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-queue')));
    assert.deepEqual(shown.sort(), [...examples.map((queue) => queue.id), 'duel'].sort());
    assert.equal(await ticketsWaiting(page, 'duel'), '0');
    assert.equal(await page.getByTestId('no-matches').isVisible(), true);
  });

  test('updates when tickets arrive and match: waiting counts, a recent match explained, the leaderboard', async () => {
    const game = server.api(keys.server);
    const waiter = await game.createTicket({
      queueId: 'ranked-1v1',
      players: [{ playerId: 'lonely', pingMsByRegion: { eu: 30 } }],
    });
    await page.locator('[data-queue="ranked-1v1"] [data-testid="tickets-waiting"]').getByText('1').waitFor();
    // Four duels: eight tickets that match in pairs at the next ticks.
    for (let index = 0; index < 8; index += 1) {
      await game.createTicket({ queueId: 'duel', players: [{ playerId: `duellist-${index}` }] });
    }
    await page.locator('[data-testid="match-row"]').nth(3).waitFor({ timeout: 15_000 });
    // The queue's counters come from another poll than the recent matches: wait for them to catch up.
    const formed = page.locator('[data-queue="duel"] [data-testid="matches-formed"]');
    await formed.getByText('4', { exact: true }).waitFor({ timeout: 15_000 });
    assert.equal((await formed.textContent())?.trim(), '4');
    // A match opens onto its per-criterion explanation.
    await page.locator('[data-testid="match-row"]').first().click();
    await page.locator('table.criteria').getByText('team-balance').waitFor();
    // Results move ratings: the ratings section shows a track and (calibrated in tests after 1 game) a leaderboard.
    for (const match of (await server.api(keys.admin).getRecentMatches({ queueId: 'duel' })).matches) {
      await game.reportResult(match.matchId as string, { ranks: [1, 2] });
    }
    await page.getByTestId('leaderboard').waitFor({ timeout: 15_000 });
    await page.getByLabel('ticket id').fill(waiter.ticketId);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByTestId('ticket').getByText('searching').waitFor();
    mkdirSync(join(screenshot, '..'), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true });
    // What a person must see.
    for (const heading of ['Live queues', 'Recent matches', 'Ratings', 'Ticket lookup', 'Experiments']) {
      assert.ok(await page.getByRole('heading', { name: heading }).isVisible(), `${heading} is shown`);
    }
    assert.ok((await page.locator('canvas').count()) >= 3 * (examples.length + 1), 'three charts per queue');
    assert.match((await page.getByTestId('updated').textContent()) ?? '', /^live · /);
    assert.ok((await page.locator('.plots img').count()) > 0, 'the experiments’ plots');
  });
});
