/**
 * The C# SDK (sdks/csharp): its generated part is what the generator makes of the live service's
 * documents today; the docs show the Unity sample as it compiles; and test.sh (Mono's mcs, a real
 * matchd) holds the SDK's JSON to JavaScript's and passes its flow of at least 20 steps.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { csharpSdkFiles, generatedFolder } from '../scripts/csharp-sdk/generate.ts';
import { liveDocuments } from '../scripts/csharp-sdk/live-documents.ts';

// Beside sdks/csharp, not in it: its package.json is Unity's, not a module's.
const root = join(import.meta.dirname, '..');
const sdk = join(root, 'sdks', 'csharp');

describe('the C# SDK', () => {
  test('Runtime/Generated is what scripts/generate-csharp-sdk.ts makes of the live documents (npm run generate:csharp)', async () => {
    const { openapi, asyncapi } = await liveDocuments();
    const files = csharpSdkFiles(openapi, asyncapi);
    const committed = readdirSync(join(sdk, generatedFolder)).map((name) => `${generatedFolder}/${name}`);
    assert.deepEqual(committed.sort(), [...files.keys()].sort(), 'the generated files');
    for (const [path, text] of files) {
      assert.ok(readFileSync(join(sdk, path), 'utf8') === text, `${path} is stale: regenerate it`);
    }
  });

  test('docs/sdk-csharp.md shows the Unity sample exactly as test.sh compiles and runs it', () => {
    const sample = readFileSync(join(sdk, 'Samples~', 'Matchmaking', 'MatchmakingPanel.cs'), 'utf8');
    const doc = readFileSync(join(root, 'docs', 'sdk-csharp.md'), 'utf8');
    assert.ok(
      doc.includes(`\`\`\`csharp\n${sample}\`\`\``),
      'the sample in the doc differs from Samples~/Matchmaking',
    );
  });

  test('test.sh compiles the SDK with mcs, holds its JSON to JSON.parse, and passes its flow against a real matchd (20 steps or more)', () => {
    const run = spawnSync('bash', [join(sdk, 'test.sh')], { cwd: root, encoding: 'utf8', timeout: 240_000 });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 0, output);
    assert.match(output, /^json: the C# reader and writer agree with JSON\.parse on \d+ texts/m);
    const passed = output.split('\n').filter((line) => /^ok \d+ - /.test(line));
    assert.ok(passed.length >= 20, `${passed.length} steps passed:\n${output}`);
    assert.match(output, new RegExp(`^${passed.length} passed, 0 failed$`, 'm'));
  });
});
