/**
 * The dashboard in a real browser (Debian's Chromium through playwright-core), served by a real
 * server with the example queues: sign-in with the admin key, the example queues shown, and the
 * page updating as tickets arrive and match. The test saves screenshots (.tmp/dashboard-test.png,
 * and .tmp/dashboard-390.png at a phone's width) and checks the elements a person must see, the
 * plots opening large, the key kept for the tab only, and the security headers.
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
  const policyViolations: string[] = [];

  before(async () => {
    await buildDashboard();
    server = await startTestServer({ ratings: 'memory', pool: 'memory' }, [...examples, duelQueue], {
      tickIntervalMs: 100,
      churnTableFile: exampleChurnTable,
    });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
    page = await (await browser.newContext({ viewport: { width: 1440, height: 1800 } })).newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) policyViolations.push(message.text());
    });
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

  test('the admin key is kept for the tab only: not in localStorage, and a new tab signs in again', async () => {
    const stored = await page.evaluate(
      "({ local: localStorage.getItem('matchd.adminKey'), session: sessionStorage.getItem('matchd.adminKey') })",
    );
    assert.deepEqual(stored, { local: null, session: keys.admin });
    const other = await page.context().newPage();
    try {
      await other.goto(server.server.address);
      await other.getByRole('button', { name: 'Sign in' }).waitFor();
    } finally {
      await other.close();
    }
  });

  test("the experiments' plots open large", async () => {
    const thumbnail = page.locator('.plots img').first();
    const small = (await thumbnail.boundingBox())?.width ?? 0;
    await page.locator('.plots button.plot').first().click();
    const large = page.getByTestId('plot-large').locator('img');
    await large.waitFor();
    const width = (await large.boundingBox())?.width ?? 0;
    assert.ok(width > 2 * small && width > 900, `opened at ${width} px (thumbnail ${small} px)`);
    await page.keyboard.press('Escape');
    await page.getByTestId('plot-large').waitFor({ state: 'hidden' });
  });

  test('usable at 390 px wide: nothing wider than the screen, every section reachable (screenshot)', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    try {
      await phone.goto(server.server.address);
      await phone.getByLabel('admin key').fill(keys.admin);
      await phone.getByRole('button', { name: 'Sign in' }).click();
      await phone.locator('[data-testid="queue-card"]').first().waitFor();
      await phone.locator('[data-testid="match-row"]').first().waitFor();
      const widths = (await phone.evaluate(`({
        page: document.documentElement.scrollWidth,
        widest: Math.max(...[...document.querySelectorAll('main > *, header.top, .card, .queue')].map(
          (element) => element.getBoundingClientRect().right,
        )),
      })`)) as { page: number; widest: number };
      assert.ok(widths.page <= 390, `the page scrolls sideways: ${widths.page} px`);
      assert.ok(widths.widest <= 390, `a section sticks out: ${widths.widest} px`);
      for (const link of ['Queues', 'Matches', 'Ratings', 'Tickets', 'Experiments']) {
        assert.ok(await phone.getByRole('link', { name: link }).isVisible(), `${link} in the header`);
      }
      mkdirSync(join(screenshot, '..'), { recursive: true });
      await phone.screenshot({ path: join(screenshot, '..', 'dashboard-390.png'), fullPage: true });
      await phone.screenshot({ path: join(screenshot, '..', 'dashboard-390-top.png') });
      await phone.locator('#matches').scrollIntoViewIfNeeded();
      await phone.screenshot({ path: join(screenshot, '..', 'dashboard-390-matches.png') });
    } finally {
      await phone.close();
    }
  });

  test("the dashboard's responses send a Content-Security-Policy, frame-ancestors, nosniff and a referrer policy", async () => {
    const pageResponse = await fetch(server.server.address);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await pageResponse.text())?.[1] as string;
    for (const response of [pageResponse, await fetch(`${server.server.address}${script}`)]) {
      const policy = response.headers.get('content-security-policy') ?? '';
      assert.match(policy, /default-src 'self'/);
      assert.match(policy, /script-src 'self'(;|$)/, 'no inline or foreign script');
      assert.match(policy, /frame-ancestors 'none'/);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
    }
    assert.deepEqual(policyViolations, [], 'the dashboard runs within its own policy');
  });
});
