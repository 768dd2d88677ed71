/**
 * JavaScript's JSON as the oracle of the C# SDK's own (sdks/csharp/Runtime/Json.cs), for
 * sdks/csharp/test.sh:
 *
 *   json-oracle.ts corpus FILE        writes texts to FILE, one base64 line each: fast-check's JSON
 *                                     values (with every kind of string), doubles (subnormals too)
 *                                     and long decimals far from 1 (rounding is where runtimes err),
 *                                     edge cases, and texts with a character deleted, doubled or
 *                                     inserted (some still JSON, most not)
 *   json-oracle.ts compare IN OUT     checks the C# answers (OUT: `ok <base64 of what it wrote>` or
 *                                     `invalid`, a line per text): C# refuses exactly the texts
 *                                     JSON.parse refuses, and what it writes back parses to the same
 *                                     value
 *
 * fast-check draws from the project's fixed seed (scripts/test-setup.mjs, loaded with --import).
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';

const edgeCases = [
  '0',
  '-0',
  '1e21',
  '1E+21',
  '5e-324',
  '1.7976931348623157e308',
  '0.1',
  '-123.456e-7',
  '123456789012345680000',
  '9007199254740993',
  '"\\u0000\\u001f\\"\\\\\\/\\b\\f\\n\\r\\t"',
  '"\u2028\u2029"',
  '"\\ud83d\\ude00 😀 é"',
  '"\\ud800"',
  '"\\udc00x"',
  '{"":{"":[]}}',
  ' \t\n\r[ 1 , { "a" : null } ] \n',
  `${'['.repeat(200)}${']'.repeat(200)}`,
  '{"a":1,"a":2}',
  '',
  ' ',
  '01',
  '1.',
  '.5',
  '+1',
  '1e',
  '--1',
  '[1,]',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  'Infinity',
  'nul',
  'truex',
  '"unterminated',
  '"tab\there"',
  '"bad \\x escape"',
  '"short \\u12"',
  '[1 2]',
  '{"a" 1}',
  '\uFEFF1',
  '"\u0000"',
];

/** Up to 40 significant digits times a power of ten, over and past a double's range. */
const decimals = fc
  .tuple(fc.boolean(), fc.stringMatching(/^[1-9][0-9]{0,39}$/), fc.integer({ min: -380, max: 330 }))
  .map(([negative, digits, exponent]) => `${negative ? '-' : ''}${digits}e${exponent}`);

/** A text changed at one place: a character deleted, doubled, or one of JSON's own inserted. */
const mutated = fc
  .tuple(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.nat(),
    fc.nat(2),
    fc.constantFrom(...'{}[],:"\\ -+.eE0123456789tfnu'),
  )
  .map(([text, at, how, inserted]) => {
    const index = text.length === 0 ? 0 : at % text.length;
    if (how === 0) return text.slice(0, index) + text.slice(index + 1);
    if (how === 1) return text.slice(0, index) + text.charAt(index) + text.slice(index);
    return text.slice(0, index) + inserted + text.slice(index);
  });

function corpus(file: string): void {
  const texts = [
    ...edgeCases,
    ...fc.sample(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      1500,
    ),
    ...fc.sample(
      fc.jsonValue({ stringUnit: 'binary' }).map((value) => JSON.stringify(value)),
      500,
    ),
    ...fc.sample(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
      1000,
    ),
    ...fc.sample(decimals, 1000),
    ...fc.sample(mutated, 2000),
  ];
  writeFileSync(file, `${texts.map((text) => Buffer.from(text, 'utf8').toString('base64')).join('\n')}\n`);
}

/** JSON.parse of the text, or `invalid`. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return 'invalid';
  }
}

/** JSON with a number past a double's range: JavaScript reads it as Infinity, which C# refuses. */
function overflows(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(overflows);
  return false;
}

function compare(inFile: string, outFile: string): void {
  const texts = readFileSync(inFile, 'utf8').trimEnd().split('\n');
  const answers = readFileSync(outFile, 'utf8').trimEnd().split('\n');
  assert.equal(answers.length, texts.length, 'an answer per text');
  let valid = 0;
  texts.forEach((encoded, index) => {
    const text = Buffer.from(encoded, 'base64').toString('utf8');
    const answer = answers[index] as string;
    const expected = parsed(text);
    if (expected === 'invalid') {
      assert.equal(answer, 'invalid', `C# accepted what JSON.parse refuses: ${JSON.stringify(text)}`);
      return;
    }
    if (overflows(expected)) return;
    assert.ok(answer.startsWith('ok '), `C# refused what JSON.parse accepts: ${JSON.stringify(text)}`);
    const written = Buffer.from(answer.slice(3), 'base64').toString('utf8');
    // Compared as JavaScript writes them: -0 is 0 in JSON, and a repeated key keeps its first place.
    assert.equal(
      JSON.stringify(parsed(written)),
      JSON.stringify(expected),
      `C# wrote ${written} for ${text}`,
    );
    valid += 1;
  });
  process.stdout.write(
    `json: the C# reader and writer agree with JSON.parse on ${texts.length} texts (${valid} JSON, ${texts.length - valid} not)\n`,
  );
}

const [command, first, second] = process.argv.slice(2);
if (command === 'corpus' && first !== undefined) corpus(first);
else if (command === 'compare' && first !== undefined && second !== undefined) compare(first, second);
else throw new Error('usage: json-oracle.ts corpus FILE | compare IN OUT');
