/**
 * C# classes of object shapes: a property per JSON member, `FromJson` and `ToJson`, and the members
 * the SDK does not know kept in `AdditionalMembers` (so a config read from a newer service and
 * written back loses nothing). Stream messages are classes of one family: a base class with the
 * members every event has, whose `FromJson` picks the class of the message's `type`.
 */
import { csType, isValueType, readExpression, writeExpression } from './csharp-types.ts';
import { docLines, literal, pascalCase } from './names.ts';
import type { PropertyShape, Shape } from './shapes.ts';

/** Member names a property may not take. */
const reservedMembers = new Set([
  'AdditionalMembers',
  'FromJson',
  'ToJson',
  'Equals',
  'GetHashCode',
  'GetType',
  'ToString',
  'ReadAsBase',
]);

/** A property as the class declares it. */
export interface NamedProperty extends PropertyShape {
  readonly name: string;
}

/** C# names for `properties`, none equal to the class's name or a name already `taken`. */
export function nameProperties(
  className: string,
  properties: readonly PropertyShape[],
  taken: ReadonlySet<string> = new Set(),
): NamedProperty[] {
  const used = new Set(taken);
  return properties.map((property) => {
    let name = pascalCase(property.json);
    if (name === className || reservedMembers.has(name)) name = `${name}Value`;
    while (used.has(name)) name = `${name}_`;
    used.add(name);
    return { ...property, name };
  });
}

/** `/// <summary>` lines at `indent`. */
export function summary(indent: string, text: string | undefined, tag = 'summary'): string[] {
  if (text === undefined || text.trim() === '') return [];
  const lines = docLines(text);
  return [`${indent}/// <${tag}>`, ...lines.map((line) => `${indent}/// ${line}`), `${indent}/// </${tag}>`];
}

function propertyDoc(property: PropertyShape): string | undefined {
  const values = allowedValues(property.shape);
  const parts = [property.description, values].filter((part): part is string => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(' ');
}

function allowedValues(shape: Shape): string | undefined {
  if (shape.kind !== 'string' || shape.values.length === 0) return undefined;
  return `One of: ${shape.values.map((value) => `\`${value}\``).join(', ')}.`;
}

/** How a class is declared and how it reads and writes. */
export interface ClassSpec {
  readonly name: string;
  readonly description?: string;
  /** Every property it reads and writes, its base class's first. */
  readonly properties: readonly NamedProperty[];
  /** The properties its base class declares (not declared again). */
  readonly inherited?: ReadonlySet<string>;
  /** `model`: a sealed class; `base`: a family's base; `member`: a class of a family. */
  readonly role: 'model' | 'base' | 'member';
  readonly base?: string;
  /** A member's `type` value, set by its constructor. */
  readonly typeValue?: string;
  /** A base's members by `type` value. */
  readonly members?: readonly { readonly typeValue: string; readonly name: string }[];
}

const i2 = '        ';
const i3 = '            ';
const i4 = '                ';
const i5 = '                    ';
const i6 = '                        ';

/** The C# text of one class (4-space indented, inside a namespace). */
export function emitClass(spec: ClassSpec): string[] {
  const { name, role } = spec;
  const lines: string[] = [];
  lines.push(...summary('    ', spec.description));
  const modifier = role === 'base' ? 'public partial class' : 'public sealed partial class';
  lines.push(`    ${modifier} ${name}${spec.base === undefined ? '' : ` : ${spec.base}`}`, '    {');
  if (spec.typeValue !== undefined) {
    lines.push(`${i2}public ${name}()`, `${i2}{`, `${i3}Type = ${literal(spec.typeValue)};`, `${i2}}`, '');
  }
  for (const property of spec.properties) {
    if (spec.inherited?.has(property.name)) continue;
    lines.push(...summary(i2, propertyDoc(property)));
    const optional = !property.required;
    lines.push(`${i2}public ${csType(property.shape, optional)} ${property.name} { get; set; }`, '');
  }
  if (role !== 'member') {
    lines.push(
      ...summary(
        i2,
        'Members this version of the SDK does not know (a newer service’s), written back as they were read.',
      ),
      `${i2}public JsonObject AdditionalMembers { get; set; }`,
      '',
    );
  }
  if (role === 'base') {
    lines.push(
      ...summary(
        i2,
        `Reads a message of the family: the class of its \`type\`, or a ${name} for a type this SDK does not know.`,
      ),
      `${i2}public static ${name} FromJson(JsonValue json)`,
      `${i2}{`,
      `${i3}if (json == null || json.IsNull) return null;`,
      `${i3}switch (JsonMapping.ReadString(json["type"]))`,
      `${i3}{`,
    );
    for (const member of spec.members ?? []) {
      lines.push(`${i4}case ${literal(member.typeValue)}:`, `${i5}return ${member.name}.FromJson(json);`);
    }
    lines.push(`${i4}default:`, `${i5}return ReadAsBase(json);`, `${i3}}`, `${i2}}`, '');
    lines.push(`${i2}private static ${name} ReadAsBase(JsonValue json)`);
  } else {
    lines.push(
      ...summary(i2, `Reads a ${name} from JSON (null for JSON null or nothing).`),
      `${i2}public static ${role === 'member' ? 'new ' : ''}${name} FromJson(JsonValue json)`,
    );
  }
  lines.push(
    `${i2}{`,
    `${i3}if (json == null || json.IsNull) return null;`,
    `${i3}var result = new ${name}();`,
    `${i3}foreach (var member in json.AsObject())`,
    `${i3}{`,
    `${i4}switch (member.Key)`,
    `${i4}{`,
  );
  for (const property of spec.properties) {
    lines.push(
      `${i5}case ${literal(property.json)}:`,
      `${i6}result.${property.name} = ${readExpression(property.shape, 'member.Value', !property.required)};`,
      `${i6}break;`,
    );
  }
  lines.push(
    `${i5}default:`,
    `${i6}result.AdditionalMembers = JsonMapping.Keep(result.AdditionalMembers, member);`,
    `${i6}break;`,
    `${i4}}`,
    `${i3}}`,
    `${i3}return result;`,
    `${i2}}`,
    '',
  );
  const toJson = role === 'base' ? 'virtual ' : role === 'member' ? 'override ' : '';
  lines.push(
    ...summary(i2, `The JSON of this ${name}.`),
    `${i2}public ${toJson}JsonObject ToJson()`,
    `${i2}{`,
    `${i3}var json = new JsonObject();`,
  );
  for (const property of spec.properties) {
    const optional = !property.required;
    const value = writeExpression(property.shape, property.name, optional);
    const add = `json.Add(${literal(property.json)}, ${value});`;
    if (isValueType(property.shape) && !optional) {
      lines.push(`${i3}${add}`);
    } else {
      const present = isValueType(property.shape) ? `${property.name}.HasValue` : `${property.name} != null`;
      lines.push(`${i3}if (${present}) ${add}`);
    }
  }
  lines.push(`${i3}JsonMapping.AddMissing(json, AdditionalMembers);`, `${i3}return json;`, `${i2}}`, '    }');
  return lines;
}
