/** The text form of an evaluation report (the JSON form is the report itself). */
import type { EvaluationReport, ModelReport } from './evaluate.ts';
import { formatParams } from './params.ts';

function fixed(value: number, digits = 4): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function scoreRow(model: ModelReport): string[] {
  return [
    model.model,
    fixed(model.all.logLoss),
    fixed(model.all.brier),
    fixed(model.all.accuracy),
    String(model.all.matches),
    fixed(model.warm.logLoss),
    fixed(model.warm.brier),
    fixed(model.warm.accuracy),
    String(model.warm.matches),
    formatParams(model.params),
  ];
}

/** The report as text: a score table, the defaults when tuned, and a calibration table per model. */
export function formatReport(report: EvaluationReport): string {
  const out: string[] = [];
  out.push(`ratings eval ${report.file}`);
  out.push(`format ${report.format}, ${report.matches} matches, ${report.players} players`);
  out.push(
    report.tuned
      ? `tuned on matches 0..${report.scored.from - 1} (first ${report.tuneFraction}, the first ${report.tuneBurnIn} of it as burn-in), scored on ${report.scored.from}..${report.scored.to - 1} only`
      : `default parameters, scored on all ${report.matches} matches`,
  );
  out.push(`warm = every participant has >= ${report.warmGames} earlier matches`);
  out.push('');
  const header = [
    'model',
    'log-loss',
    'brier',
    'accuracy',
    'n',
    'warm ll',
    'warm brier',
    'warm acc',
    'warm n',
    'params',
  ];
  out.push(table(header, report.models.map(scoreRow)));
  if (report.tuned) {
    out.push('');
    out.push('defaults on the same scored matches, and whole-file figures (every match scored):');
    out.push(
      table(
        [
          'model',
          'defaults ll',
          'defaults brier',
          'defaults warm ll',
          'whole: defaults ll',
          'whole: tuned ll',
          'tuning folds ll',
          'params',
        ],
        report.models.map((model) => [
          model.model,
          fixed(model.defaults?.all.logLoss ?? Number.NaN),
          fixed(model.defaults?.all.brier ?? Number.NaN),
          fixed(model.defaults?.warm.logLoss ?? Number.NaN),
          fixed(model.defaults?.whole.logLoss ?? Number.NaN),
          fixed(model.whole?.logLoss ?? Number.NaN),
          (model.tuning?.foldLogLoss ?? []).map((loss) => fixed(loss)).join(' '),
          formatParams(model.defaults?.params ?? {}),
        ]),
      ),
    );
    out.push('(whole: tuned ll includes the matches the parameters were tuned on, so it is optimistic)');
  }
  if (report.warnings.length > 0) {
    out.push('');
    out.push('warnings:');
    for (const warning of report.warnings) out.push(`  ${warning}`);
  }
  for (const model of report.models) {
    out.push('');
    const side =
      (model.sideLogOdds === undefined ? '' : ` (side term ${fixed(model.sideLogOdds)} log-odds)`) +
      (model.slope === undefined ? '' : ` (slope ${fixed(model.slope, 3)})`);
    out.push(
      `calibration of ${model.model}${side}: predicted vs observed win rate by decile, both sides of each match`,
    );
    out.push(
      table(
        ['predicted', 'n', 'mean predicted', 'observed'],
        model.calibration.map((row) => [
          `${row.from.toFixed(1)}-${row.to.toFixed(1)}`,
          String(row.count),
          fixed(row.predicted, 3),
          fixed(row.observed, 3),
        ]),
      ),
    );
  }
  return `${out.join('\n')}\n`;
}
