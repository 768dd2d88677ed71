/**
 * Writes the generated part of the C# SDK (sdks/csharp/Runtime/Generated) from the documents of a
 * server started in memory: `npm run generate:csharp`. Files of the folder it no longer makes are
 * removed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { csharpSdkFiles, generatedFolder } from './csharp-sdk/generate.ts';
import { liveDocuments } from './csharp-sdk/live-documents.ts';

const sdk = join(import.meta.dirname, '..', 'sdks', 'csharp');
const { openapi, asyncapi } = await liveDocuments();
const files = csharpSdkFiles(openapi, asyncapi);
const folder = join(sdk, generatedFolder);
mkdirSync(folder, { recursive: true });
for (const name of readdirSync(folder)) {
  if (!files.has(`${generatedFolder}/${name}`)) rmSync(join(folder, name));
}
for (const [path, text] of files) {
  mkdirSync(dirname(join(sdk, path)), { recursive: true });
  writeFileSync(join(sdk, path), text);
  process.stdout.write(`wrote sdks/csharp/${path}\n`);
}
