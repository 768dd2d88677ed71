/**
 * FlexMatch property expressions (`avg(teams[*].players.attributes[skill])`), parsed into a small
 * tree that the importer matches against the shapes matchd's rules express.
 */

import { untranslatable } from './common.ts';

export type Expression =
  | { readonly type: 'call'; readonly fn: string; readonly arg: Expression }
  /** `teams[team].players`, with `.attributes[attribute]` or `[playerId]`. */
  | {
      readonly type: 'players';
      readonly team: string;
      readonly attribute?: string;
      readonly playerId?: true;
    };

/** The aggregation functions of the FlexMatch rules language. */
export const FUNCTIONS = [
  'min',
  'max',
  'avg',
  'median',
  'sum',
  'count',
  'stddev',
  'flatten',
  'set_intersection',
];

/** Parses a property expression; the error names `path`. */
export function parseExpression(source: string, path: string): Expression {
  let at = 0;
  const skip = () => {
    while (at < source.length && /\s/.test(source.charAt(at))) at += 1;
  };
  const expect = (literal: string) => {
    skip();
    if (!source.startsWith(literal, at))
      untranslatable(path, `expected "${literal}" at column ${at + 1} of ${source}`);
    at += literal.length;
  };
  const bracketed = (): string => {
    expect('[');
    const end = source.indexOf(']', at);
    if (end < 0) untranslatable(path, `an unclosed [ in ${source}`);
    const name = source.slice(at, end).trim();
    at = end + 1;
    return name;
  };
  const parse = (): Expression => {
    skip();
    const word = /^[A-Za-z_]+/.exec(source.slice(at))?.[0] ?? '';
    at += word.length;
    skip();
    if (word === 'teams' || word === 'team') {
      const team = bracketed();
      expect('.players');
      skip();
      if (source.startsWith('.attributes', at)) {
        at += '.attributes'.length;
        return { type: 'players', team, attribute: bracketed() };
      }
      if (source.startsWith('[', at)) {
        const field = bracketed();
        if (field.toLowerCase() !== 'playerid')
          untranslatable(path, `players[${field}]: only players[playerId] is known`);
        return { type: 'players', team, playerId: true };
      }
      return { type: 'players', team };
    }
    if (!FUNCTIONS.includes(word))
      untranslatable(path, `unknown function or property "${word}" in ${source}`);
    expect('(');
    const arg = parse();
    expect(')');
    return { type: 'call', fn: word, arg };
  };
  const expression = parse();
  skip();
  if (at !== source.length) untranslatable(path, `unexpected "${source.slice(at)}" in ${source}`);
  return expression;
}

/** `teams[team].players.attributes[A]` (any team when `team` is omitted): A, else undefined. */
export function attributeOfPlayers(expression: Expression, team?: string): string | undefined {
  if (expression.type !== 'players' || expression.attribute === undefined) return undefined;
  if (team !== undefined && expression.team !== team) return undefined;
  return expression.attribute;
}

/** `fn(arg)`: the argument, else undefined. */
export function argumentOf(expression: Expression, fn: string): Expression | undefined {
  return expression.type === 'call' && expression.fn === fn ? expression.arg : undefined;
}

export function sameExpression(a: Expression, b: Expression): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Writes an expression back, for notes and errors. */
export function printExpression(expression: Expression): string {
  if (expression.type === 'call') return `${expression.fn}(${printExpression(expression.arg)})`;
  const base = `teams[${expression.team}].players`;
  if (expression.attribute !== undefined) return `${base}.attributes[${expression.attribute}]`;
  return expression.playerId === true ? `${base}[playerId]` : base;
}

/** A compound statement: a rule name, or `and|or|xor|not(...)`. */
export type Statement =
  | { readonly name: string }
  | { readonly op: 'and' | 'or' | 'xor' | 'not'; readonly args: Statement[] };

/** Parses a compound rule's statement (`or(and(A, B), not(C))`). */
export function parseStatement(source: string, path: string): Statement {
  let at = 0;
  const skip = () => {
    while (at < source.length && /\s/.test(source.charAt(at))) at += 1;
  };
  const parse = (): Statement => {
    skip();
    const word = /^[^\s(),]+/.exec(source.slice(at))?.[0];
    if (word === undefined)
      untranslatable(path, `expected a rule name or and/or/xor/not at column ${at + 1}`);
    at += word.length;
    skip();
    if (source.charAt(at) !== '(') return { name: word };
    const op = word.toLowerCase();
    if (op !== 'and' && op !== 'or' && op !== 'xor' && op !== 'not')
      untranslatable(path, `unknown operator ${word}`);
    at += 1;
    const args: Statement[] = [parse()];
    skip();
    while (source.charAt(at) === ',') {
      at += 1;
      args.push(parse());
      skip();
    }
    if (source.charAt(at) !== ')') untranslatable(path, `expected ")" at column ${at + 1}`);
    at += 1;
    if (op === 'not' ? args.length !== 1 : args.length < 2)
      untranslatable(path, `${op} takes ${op === 'not' ? 'one argument' : 'two or more arguments'}`);
    return { op, args };
  };
  const statement = parse();
  skip();
  if (at !== source.length) untranslatable(path, `unexpected "${source.slice(at)}"`);
  return statement;
}
