/**
 * Turns `ratings eval --tune --json` outputs into the Markdown tables of
 * bench/results/ratings-eval.md: per dataset, every model's log-loss on the scored (later) part
 * with tuned and default parameters, warm log-loss, Brier, accuracy and the chosen parameters,
 * best first, and the calibration table of the best model. Usage: node --import tsx bench/ratings-eval-report.ts <report.json> [...]
 */
import { readFileSync } from 'node:fs';

interface Summary {
  readonly matches: number;
  readonly logLoss: number;
  readonly brier: number;
  readonly accuracy: number;
}

interface JsonModel {
  readonly model: string;
  readonly params: Record<string, number | string>;
  readonly logLoss: number;
  readonly brier: number;
  readonly accuracy: number;
  readonly matches: number;
  readonly warm: Summary;
  readonly sideLogOdds?: number;
  readonly slope?: number;
  readonly calibration: readonly {
    from: number;
    to: number;
    count: number;
    predicted: number;
    observed: number;
  }[];
  readonly tuning?: { readonly logLoss: number; readonly evaluations: number };
  readonly defaults?: {
    readonly params: Record<string, number | string>;
    readonly all: Summary;
    readonly warm: Summary;
  };
}

interface JsonReport {
  readonly file: string;
  readonly format: string;
  readonly matches: number;
  readonly players: number;
  readonly scored: { readonly from: number; readonly to: number };
  readonly tuneFraction?: number;
  readonly models: readonly JsonModel[];
}

const fixed = (value: number | undefined, digits = 4) =>
  value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits);

function params(values: Record<string, number | string>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}=${typeof value === 'number' ? Number(value.toPrecision(4)) : value}`)
    .join(', ');
}

for (const path of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(path, 'utf8')) as JsonReport;
  const rows = [...report.models].sort((a, b) => a.logLoss - b.logLoss);
  console.log(`### ${report.file}`);
  console.log('');
  if (report.scored.from === 0) {
    // An untuned run: default parameters, every match scored (the datasets README's protocol).
    console.log(`${report.format}, ${report.matches} matches, default parameters, every match scored.`);
    console.log('');
    console.log('| model | log-loss | warm log-loss | Brier | accuracy | parameters |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.model} | ${fixed(row.logLoss)} | ${fixed(row.warm.logLoss)} | ${fixed(row.brier)} | ${fixed(row.accuracy)} | ${params(row.params)} |`,
      );
    }
    console.log('');
    continue;
  }
  console.log(
    `${report.format}, ${report.matches} matches, ${report.players} players; tuned on matches 0..${report.scored.from - 1}, ` +
      `scored on ${report.scored.from}..${report.scored.to - 1} (${report.scored.to - report.scored.from} matches).`,
  );
  console.log('');
  const selected = [...report.models].sort(
    (a, b) =>
      (a.tuning?.logLoss ?? Number.POSITIVE_INFINITY) - (b.tuning?.logLoss ?? Number.POSITIVE_INFINITY),
  )[0];
  if (selected !== undefined) {
    console.log(
      `Model chosen on the tuning part alone (lowest tuning log-loss ${fixed(selected.tuning?.logLoss)}): ` +
        `**${selected.model}**, log-loss **${fixed(selected.logLoss)}** on the scored part.`,
    );
    console.log('');
  }
  console.log(
    '| model | log-loss (tuned) | log-loss (defaults) | tuning-part log-loss | warm log-loss (tuned) | Brier | accuracy | tuned parameters |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const side =
      (row.sideLogOdds === undefined ? '' : `; learned side=${row.sideLogOdds.toFixed(3)}`) +
      (row.slope === undefined ? '' : `; learned slope=${row.slope.toFixed(3)}`);
    console.log(
      `| ${row.model} | ${fixed(row.logLoss)} | ${fixed(row.defaults?.all.logLoss)} | ${fixed(row.tuning?.logLoss)} | ${fixed(row.warm.logLoss)} | ` +
        `${fixed(row.brier)} | ${fixed(row.accuracy)} | ${params(row.params)}${side} |`,
    );
  }
  console.log('');
  const best = rows[0];
  if (best !== undefined) {
    console.log(`Calibration of ${best.model} on the scored part (both sides of each match):`);
    console.log('');
    console.log('| predicted | n | mean predicted | observed |');
    console.log('|---|---|---|---|');
    for (const bin of best.calibration) {
      console.log(
        `| ${bin.from.toFixed(1)}-${bin.to.toFixed(1)} | ${bin.count} | ${fixed(bin.predicted, 3)} | ${fixed(bin.observed, 3)} |`,
      );
    }
    console.log('');
  }
}
