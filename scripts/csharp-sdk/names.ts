/** How JSON and OpenAPI names become C# names in the generated SDK. */

/** C# keywords that cannot name a parameter without `@`. */
const keywords = new Set(
  (
    'abstract as base bool break byte case catch char checked class const continue decimal default delegate do ' +
    'double else enum event explicit extern false finally fixed float for foreach goto if implicit in int ' +
    'interface internal is lock long namespace new null object operator out override params private protected ' +
    'public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true ' +
    'try typeof uint ulong unchecked unsafe ushort using virtual void volatile while'
  ).split(' '),
);

/** The words of a name: `remainingMedianMs` and `allocation-failed` split at their non-alphanumerics. */
function words(name: string): string[] {
  return name.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
}

/** `allocation-failed` -> `AllocationFailed`, `waitMs` -> `WaitMs`; a leading digit gets an `_`. */
export function pascalCase(name: string): string {
  const joined = words(name)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  if (joined === '') return '_';
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/** `ticketId` -> `ticketId`, `Idempotency-Key` -> `idempotencyKey`; keywords get `@`. */
export function camelCase(name: string): string {
  const pascal = pascalCase(name);
  const camel = pascal.startsWith('_') ? pascal : pascal[0]!.toLowerCase() + pascal.slice(1);
  return keywords.has(camel) ? `@${camel}` : camel;
}

/** The name of one item of a list named `name` (`players` -> `Player`, `matches` -> `Match`). */
export function singular(name: string): string {
  if (/ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes)$/.test(name)) return name.slice(0, -2);
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return `${name}Item`;
}

/** `MM_ERR_TICKET_NOT_FOUND` -> `TicketNotFound`. */
export function errorCodeName(code: string): string {
  return pascalCase(code.replace(/^MM_ERR_/, '').toLowerCase());
}

/** Text for an XML doc comment: escaped, `code` spans as <c>, wrapped to `width`. */
export function docLines(text: string, width = 100): string[] {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/`([^`]+)`/g, '<c>$1</c>');
  const lines: string[] = [];
  for (const paragraph of escaped.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((part) => part.length > 0)) {
      if (line.length > 0 && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line.length === 0 ? word : `${line} ${word}`;
      }
    }
    if (line.length > 0) lines.push(line);
  }
  return lines;
}

/** A C# string literal. */
export function literal(text: string): string {
  return JSON.stringify(text);
}
