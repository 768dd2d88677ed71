/**
 * The packages a studio installs, as a studio gets them: `npm pack` of @matchd/engine and
 * @matchd/client (their prepack builds JavaScript and declarations), installed from the tarballs
 * into a new project (offline: nothing but the tarballs), imported by plain node, and a use of
 * each type-checked by TypeScript under NodeNext and under Bundler resolution, library
 * declarations included (skipLibCheck off), with no error.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

const root = join(import.meta.dirname, '..', '..', '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function run(command: string, args: readonly string[], cwd: string) {
  const result = spawnSync(command, [...args], { cwd, encoding: 'utf8', timeout: 300_000 });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** What a studio writes: the engine and the client, typed (numbers as numbers, bodies returned). */
const use = `
import { ErrorCodes, MatchdError, createPlackettLuce, exactPairing } from '@matchd/engine';
import { MatchdApiError, MatchdClient } from '@matchd/client';

const model = createPlackettLuce();
const [alice, bob] = [model.initial(), model.initial()];
const [[aliceAfter]] = model.update({ teams: [[alice], [bob]] }, { ranks: [1, 2] });
const pairing = exactPairing({ size: 4, costs: (i: number, j: number) => Math.abs(i - j) });
const pairs: number = pairing.pairs.length;
const code: string = ErrorCodes.INVALID_OPTION;

export async function play(client: MatchdClient): Promise<number> {
  const ticket = await client.createTicket({ queueId: 'duel', players: [{ playerId: 'ana' }] });
  const board = await client.getLeaderboard('duel/solo', { limit: 5, offset: 10 });
  const history = await client.getPlayerMatches('ana', { limit: 20, beforeMs: 1_700_000_000_000 });
  const handoff = await client.getMatchHandoff('m-1');
  const assigned = await client.setAssignment('m-1', { host: 'game-1.example', port: 7777 });
  const phase: string = handoff.phase;
  try {
    await client.getTicket(ticket.ticketId);
  } catch (error) {
    if (error instanceof MatchdApiError) return error.status + error.code.length;
    if (error instanceof MatchdError) return 0;
  }
  return board.rows.length + history.length + phase.length + assigned.version + pairs + code.length + aliceAfter.mu;
}
`;

const useWebhook = `
import { verifyWebhookSignature } from '@matchd/client/webhook';
export const valid: boolean = verifyWebhookSignature('a-secret-of-32-characters-or-more', '{}', undefined);
`;

describe('packages a studio installs', () => {
  let scratch: string;
  let tarballs: string[];

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'matchd-studio-'));
    const packed = JSON.parse(
      run(
        'npm',
        ['pack', '--json', '--pack-destination', scratch, '-w', '@matchd/engine', '-w', '@matchd/client'],
        root,
      ).replace(/^[^[]*/s, ''),
    ) as { filename: string; files: { path: string }[]; name: string }[];
    tarballs = packed.map((entry) => join(scratch, entry.filename));
    for (const entry of packed) {
      const paths = entry.files.map((file) => file.path);
      for (const expected of ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts']) {
        assert.ok(paths.includes(expected), `${entry.name} ships ${expected}`);
      }
      const sources = paths.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'));
      assert.deepEqual(sources, [], `${entry.name} ships JavaScript and declarations, not sources`);
      assert.ok(!paths.includes('dist/.source-hash'));
    }
    const project = join(scratch, 'game');
    run('mkdir', ['-p', project], scratch);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'game', private: true, type: 'module' }),
    );
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], project);
    writeFileSync(join(project, 'use.ts'), use);
    writeFileSync(join(project, 'webhook.ts'), useWebhook);
  });
  after(() => {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  });

  test('each tarball installs offline and imports with plain node', () => {
    const project = join(scratch, 'game');
    const output = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        [
          "import { exactPairing, ErrorCodes } from '@matchd/engine';",
          "import { MatchdClient, MatchdApiError } from '@matchd/client';",
          "import { verifyWebhookSignature } from '@matchd/client/webhook';",
          'const pairing = exactPairing({ size: 4, costs: (i, j) => Math.abs(i - j) });',
          "const client = new MatchdClient({ baseUrl: 'http://127.0.0.1:9' });",
          'let failure;',
          'try { await client.health(); } catch (error) { failure = error; }',
          "console.log(JSON.stringify({ pairs: pairing.pairs.length, code: ErrorCodes.TIMEOUT, webhook: verifyWebhookSignature('s', '{}', undefined), failure: failure instanceof MatchdApiError ? [failure.status, failure.code] : String(failure) }));",
        ].join('\n'),
      ],
      project,
    );
    assert.deepEqual(JSON.parse(output), {
      pairs: 2,
      code: 'MM_ERR_TIMEOUT',
      webhook: false,
      failure: [0, 'MM_ERR_UNAVAILABLE'],
    });
  });

  for (const [resolution, options] of [
    ['NodeNext', { module: 'NodeNext', moduleResolution: 'NodeNext', types: ['node'], lib: ['ES2022'] }],
    ['Bundler', { module: 'ESNext', moduleResolution: 'Bundler', types: [], lib: ['ES2022', 'DOM'] }],
  ] as const) {
    test(`a use of both type-checks under ${resolution} resolution with no error`, () => {
      const project = join(scratch, 'game');
      const config = `tsconfig.${resolution}.json`;
      writeFileSync(
        join(project, config),
        JSON.stringify({
          compilerOptions: {
            ...options,
            target: 'ES2022',
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            // @types/node from the repository (the project installed nothing but the tarballs).
            typeRoots: [join(root, 'node_modules', '@types')],
          },
          files: resolution === 'NodeNext' ? ['use.ts', 'webhook.ts'] : ['use.ts'],
        }),
      );
      run(process.execPath, [tsc, '-p', config], project);
    });
  }
});
