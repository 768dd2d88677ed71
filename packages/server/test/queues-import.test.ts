/**
 * `matchd queues import`: every FlexMatch and PlayFab documentation example prints a queue config
 * that a running server takes unchanged on PUT /v1/admin/queues/:id; what cannot be translated exits
 * 2 naming the path in the source.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isMatchdError, type QueueConfig } from '@matchd/engine';
import { main } from '../src/cli/queues.ts';
import { readRuleSetText } from '../src/cli/rule-set-text.ts';
import { keys, startTestServer, type TestServer } from './support/harness.ts';

const fixtures = join(import.meta.dirname, '..', '..', 'engine', 'src', 'rules', 'fixtures');
const bin = join(import.meta.dirname, '..', 'bin', 'matchd.mjs');

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

const imported: QueueConfig[] = [];

describe('matchd queues import over the documentation examples', () => {
  for (const vendor of ['flexmatch', 'playfab'] as const) {
    for (const file of readdirSync(join(fixtures, vendor)).filter((name) => name.endsWith('.json'))) {
      test(`${vendor}/${file}`, async () => {
        const id = `${vendor}-${file.replace(/\.json$/, '')}`;
        const result = await run([
          'import',
          '--from',
          vendor,
          join(fixtures, vendor, file),
          '--id',
          id,
          '--regions',
          'eu,us',
        ]);
        assert.equal(result.code, 0, result.stderr);
        const config = JSON.parse(result.stdout) as QueueConfig;
        assert.equal(config.id, id);
        imported.push(config);
      });
    }
  }
});

describe('a running server takes every imported config unchanged', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ratings: 'memory', pool: 'memory' });
  });
  after(async () => {
    await server.dispose();
  });

  test('PUT /v1/admin/queues/:id answers 200 with the same config, and GET reads it back', async () => {
    // All 28 documentation examples, the named teams of FlexMatch 2 and 8 included.
    assert.equal(imported.length, 28, `imported ${imported.length}`);
    for (const config of imported) {
      const put = await server.client.request('PUT', `/v1/admin/queues/${config.id}`, {
        credential: keys.admin,
        body: config,
      });
      assert.equal(put.status, 200, `${config.id}: ${JSON.stringify(put.body)}`);
      assert.deepEqual(put.body['config'], config, config.id);
      const read = await server.client.request('GET', `/v1/queues/${config.id}`, { credential: keys.admin });
      assert.deepEqual(read.body['config'], config, config.id);
    }
  });
});

describe('the command and its input', () => {
  test('the matchd command prints JSON and exits 0, or exits 2 with the path', () => {
    const ok = spawnSync(
      process.execPath,
      [bin, 'queues', 'import', '--from', 'flexmatch', join(fixtures, 'flexmatch', '11-block-list.json')],
      { encoding: 'utf8' },
    );
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal((JSON.parse(ok.stdout) as QueueConfig).id, 'Player-Block-List');
    const refused = spawnSync(
      process.execPath,
      [
        bin,
        'queues',
        'import',
        '--from',
        'flexmatch',
        join(fixtures, 'flexmatch', '03-three-team-game.json'),
      ],
      { encoding: 'utf8' },
    );
    assert.equal(refused.status, 2);
    assert.equal(refused.stdout, '');
    assert.match(refused.stderr, /rules\[3\]: a latency rule needs the regions/);
  });

  test('bad usage exits 2 with the usage', async () => {
    for (const args of [
      [],
      ['export'],
      ['import', '--from', 'gamelift', 'x.json'],
      ['import', '--from', 'playfab'],
      ['import', '--from', 'playfab', '/no/such/file.json'],
    ]) {
      const result = await run(args);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, /usage: matchd queues import|cannot read/);
    }
    assert.equal((await run(['import', '--help'])).code, 0);
  });

  test('comments, trailing commas and PlayFab fragments are read; repeated keys and syntax errors are named', () => {
    assert.deepEqual(readRuleSetText('// rule set\n{ "a": [1, 2,], }'), { a: [1, 2] });
    assert.deepEqual(readRuleSetText('"MatchmakingQueue": { "Name": "q" }'), {
      MatchmakingQueue: { Name: 'q' },
    });
    const refusal = (text: string): string => {
      try {
        readRuleSetText(text);
      } catch (error) {
        assert.ok(isMatchdError(error, 'MM_ERR_INVALID_DATA'));
        return error.message;
      }
      assert.fail('expected a refusal');
    };
    assert.equal(
      refusal('{ "expansions": [{ "target": "a", "steps": [], "target": "b" }] }'),
      'expansions[0].target: the key appears twice in one object (a JSON reader keeps only the last one)',
    );
    assert.match(refusal('{\n  "a": 1\n  "b": 2\n}'), /^line 3, column 3: CommaExpected/);
  });
});
