/**
 * What a fresh clone (or a container build's context) holds: the repository's files as git sees
 * them, tracked and not ignored (so the working tree's uncommitted changes are tested too), copied
 * into a new folder, with nothing built and no node_modules.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const repositoryRoot = join(import.meta.dirname, '..', '..', '..', '..');

/** Copies the repository's files into `target` (created). */
export function copyRepository(target: string): void {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter((path) => path.length > 0)) {
    // A file deleted in the working tree but not yet from the index is not part of the tree.
    if (!existsSync(join(repositoryRoot, file))) continue;
    const destination = join(target, file);
    mkdirSync(dirname(destination), { recursive: true });
    cpSync(join(repositoryRoot, file), destination);
  }
}
