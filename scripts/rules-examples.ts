/**
 * Runs every documentation example the importer translates through the matchmaker (seeded synthetic
 * populations, the vendors' checkers on every match) and writes the matches formed and the median
 * wait per example to bench/results/rules-examples.md.
 *
 *   node --import tsx scripts/rules-examples.ts [--seed N]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  examplesTable,
  runExample,
  translatableExamples,
} from '../packages/engine/src/rules/test-support/example-runs.ts';

const seedAt = process.argv.indexOf('--seed');
const seed = seedAt >= 0 ? Number(process.argv[seedAt + 1]) : 1;
const runs = translatableExamples().map(({ vendor, file }) => {
  const run = runExample(vendor, file, { seed, maxPlayers: 600 });
  console.error(`${vendor}/${file}: ${run.matches} matches, ${run.violations.length} violations`);
  return run;
});
const text = `# Documentation examples through the matchmaker

Each FlexMatch rule set example and PlayFab queue example that \`matchd queues import\` translates
(26 of 28; see docs/rules.md), run through the matchmaker: a seeded synthetic population carrying the
example's attributes (values the documentation's rules name, skill-like values following the
player's rating; pings to eu and us where it has regions; 20% parties of two where teams hold them,
5% of six where they hold six) of 8 matches' worth of players (60 to 600) arrives uniformly over 60 s, ticks every 500 ms, tickets expire after 90 s. Every formed match is checked against the ORIGINAL rule set by the checker
written from the vendor's documentation (\`rules/test-support/*-checker.ts\`); "checker violations"
must be 0 (\`rules/examples.test.ts\` asserts it).

Command: \`node --import tsx scripts/rules-examples.ts --seed ${seed}\`

${examplesTable(runs)}
`;
writeFileSync(join(import.meta.dirname, '..', 'bench', 'results', 'rules-examples.md'), text);
