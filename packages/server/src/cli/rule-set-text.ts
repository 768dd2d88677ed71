/**
 * Reads a rule set file as studios copy it from FlexMatch's and PlayFab's pages: JSON with comments
 * and trailing commas, or a PlayFab fragment (`"MatchmakingQueue": { ... }`). A syntax error names
 * its line and column; a key repeated in one object (JSON readers keep only the last, silently
 * losing the first) names its path.
 */
import { ErrorCodes, MatchdError } from '@matchd/engine';
import { type JSONPath, type ParseError, parse, printParseErrorCode, visit } from 'jsonc-parser';

function pathText(path: JSONPath): string {
  return path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text === '' ? part : `${text}.${part}`),
    '',
  );
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** The parsed value of a rule set file's text; throws MM_ERR_INVALID_DATA naming where it breaks. */
export function readRuleSetText(source: string): unknown {
  const trimmed = source.trim();
  // A fragment `"MatchmakingQueue": {...}` is read as the object it belongs to.
  const fragment = trimmed.startsWith('"');
  const text = fragment ? `{${trimmed}}` : trimmed;
  const shift = fragment ? 1 : 0;
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined) {
    const at = lineAndColumn(trimmed, Math.max(0, first.offset - shift));
    throw new MatchdError(ErrorCodes.INVALID_DATA, `${at}: ${printParseErrorCode(first.error)}`, {
      path: at,
    });
  }
  const seen: Set<string>[] = [];
  let repeated: string | undefined;
  visit(text, {
    onObjectBegin: () => {
      seen.push(new Set());
    },
    onObjectEnd: () => {
      seen.pop();
    },
    onObjectProperty: (property, _offset, _length, _line, _column, pathSupplier) => {
      const keys = seen.at(-1);
      if (keys === undefined) return;
      if (keys.has(property) && repeated === undefined) repeated = pathText([...pathSupplier(), property]);
      keys.add(property);
    },
  });
  if (repeated !== undefined) {
    throw new MatchdError(
      ErrorCodes.INVALID_DATA,
      `${repeated}: the key appears twice in one object (a JSON reader keeps only the last one)`,
      { path: repeated },
    );
  }
  return value;
}
