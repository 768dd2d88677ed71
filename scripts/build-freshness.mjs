// What the build scripts share: a hash of the sources a build is made of (names and contents), kept
// beside the build's output, so that a build runs only when its sources changed; and writes that
// replace a file in one step, so that a process starting from the output never reads half a file
// while another rebuilds it.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';

export const root = join(import.meta.dirname, '..');

/** Every file under the given files or folders, in a stable order (node_modules and dist left out). */
export function filesUnder(...paths) {
  const walk = (path) => {
    if (!statSync(path).isDirectory()) return [path];
    return readdirSync(path)
      .filter((name) => name !== 'node_modules' && name !== 'dist')
      .sort()
      .flatMap((name) => walk(join(path, name)));
  };
  return paths.filter((path) => existsSync(path)).flatMap(walk);
}

/** A hash of the files' names (relative to the repository) and contents. */
export function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of files)
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** True when `stampFile` records `hash` (the output was built from these sources). */
export function stampMatches(stampFile, hash) {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash;
}

/** Writes a file through a temporary name and a rename: readers see the old file or the new one. */
export function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}
