/**
 * The README's dashboard picture: a server with the example queues, the example bots playing on
 * it (examples/bots), a few tickets waiting in the example queues, then a screenshot of the
 * dashboard in headless Chromium.
 *   node --import tsx scripts/dashboard-screenshot.ts [docs/images/dashboard.png]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MatchdClient } from '@matchd/client';
import { configFrom, startServer } from '@matchd/server';
import { chromium } from 'playwright-core';
import { buildDashboard } from './build-dashboard.mjs';

const target = process.argv[2] ?? join(import.meta.dirname, '..', 'docs', 'images', 'dashboard.png');
const key = 'screenshot-admin-key-0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'matchd-screenshot-'));
await buildDashboard();
const server = await startServer(
  configFrom({
    port: 0,
    dataDir,
    ratingsBackend: 'memory',
    poolBackend: 'memory',
    apiKeys: `admin:screenshot:${key}`,
    tickIntervalMs: 50,
    logLevel: 'warn',
  }),
);
try {
  // Asynchronously: the server answers from this process's event loop meanwhile.
  const bots = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, '..', 'examples', 'bots', 'play.ts'),
      '--url',
      server.address,
      '--key',
      key,
      '--matches',
      '250',
    ],
    { stdio: 'inherit' },
  );
  const status = await new Promise<number | null>((resolve) => bots.once('exit', resolve));
  if (status !== 0) throw new Error('the bots failed');
  const admin = new MatchdClient({ baseUrl: server.address, credential: key });
  // Players waiting in the example queues, so their cards say why they wait.
  for (let index = 0; index < 3; index += 1) {
    await admin.createTicket({
      queueId: 'ranked-1v1',
      players: [{ playerId: `new-${index}`, pingMsByRegion: { eu: 30 + 40 * index } }],
    });
    await admin.createTicket({ queueId: 'eomm-1v1', players: [{ playerId: `eomm-${index}` }] });
  }
  await new Promise((resolve) => setTimeout(resolve, 6000));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1240 } });
    await page.goto(server.address);
    await page.getByLabel('admin key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('[data-queue="bots-2v2"]').waitFor();
    await page.locator('[data-testid="match-row"]').first().waitFor();
    await page.waitForTimeout(2500);
    mkdirSync(dirname(target), { recursive: true });
    await page.screenshot({ path: target, fullPage: false });
    process.stdout.write(`wrote ${target}\n`);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
