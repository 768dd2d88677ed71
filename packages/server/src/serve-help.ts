/** `matchd serve --help` (also `npm start -- --help`): what the server reads and where. */
import { defaultConfig, type ServerConfig } from './config.ts';
import { configFileVariable, configVariables } from './config-variables.ts';

/** A variable's default as people read it (none: empty). */
function shownDefault(variable: (typeof configVariables)[number]): string | undefined {
  if ('shownDefault' in variable) return variable.shownDefault;
  const fallback = defaultConfig[variable.key as keyof ServerConfig];
  if (fallback === undefined || (Array.isArray(fallback) && fallback.length === 0)) return undefined;
  return `\`${String(fallback)}\``;
}

/** Markdown without its code marks, for a terminal. */
const plain = (text: string): string => text.replaceAll('`', '');

/** The usage text. */
export function serveUsage(): string {
  const rows = configVariables.map((variable) => {
    const fallback = shownDefault(variable);
    return `  ${variable.name.padEnd(30)} ${plain(variable.meaning)}${fallback === undefined ? '' : ` [${plain(fallback)}]`}`;
  });
  return [
    'usage: matchd serve [--help]        (or: npm start)',
    '',
    'Starts the matchd service: the HTTP and WebSocket API, the dashboard at /, the API reference',
    'at /docs. Settings come from defaults, then a YAML/JSON file named by MATCHD_CONFIG, then these',
    'environment variables (an unknown MATCHD_* variable is refused):',
    '',
    `  ${configFileVariable.name.padEnd(30)} ${plain(configFileVariable.meaning)}`,
    ...rows,
    '',
    'Logs are JSON lines on stdout; MATCHD_LOG_FORMAT=pretty for people. SIGINT/SIGTERM finish the',
    'current tick and in-flight requests, then stop.',
    '',
  ].join('\n');
}

/**
 * The README's configuration table (Markdown), from the same table: `npm run docs:config` writes
 * it into the README between its markers; a test holds the README to it.
 */
export function configTableMarkdown(): string {
  const rows = [
    ['variable', 'config key', 'default', 'meaning'],
    [`\`${configFileVariable.name}\``, '–', '–', configFileVariable.meaning],
    ...configVariables.map((variable) => [
      `\`${variable.name}\``,
      `\`${variable.key}\``,
      shownDefault(variable) ?? '–',
      variable.meaning,
    ]),
  ];
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}
