/**
 * The C# side of a shape: its type, the expression that reads it from a `JsonValue` and the one that
 * writes it back (`JsonMapping` in Runtime/JsonMapping.cs holds the helpers these call).
 */
import type { Shape } from './shapes.ts';

function className(shape: Shape): string {
  if (shape.kind !== 'object' || shape.className === undefined)
    throw new Error('an object shape has no class yet');
  return shape.className;
}

/** The C# type of a shape; `optional` makes value types nullable. */
export function csType(shape: Shape, optional: boolean): string {
  const nullable = optional ? '?' : '';
  switch (shape.kind) {
    case 'string':
      return 'string';
    case 'number':
      return `double${nullable}`;
    case 'integer':
      return `${shape.wide ? 'long' : 'int'}${nullable}`;
    case 'boolean':
      return `bool${nullable}`;
    case 'any':
      return 'JsonValue';
    case 'list':
      return `List<${csType(shape.item, false)}>`;
    case 'map':
      return `Dictionary<string, ${csType(shape.value, false)}>`;
    case 'object':
      return className(shape);
  }
}

/** True when the C# type is a value type (a number or a boolean). */
export function isValueType(shape: Shape): boolean {
  return shape.kind === 'number' || shape.kind === 'integer' || shape.kind === 'boolean';
}

/** An expression of the C# type, read from the `JsonValue` expression `source` (null when absent). */
export function readExpression(shape: Shape, source: string, optional: boolean, depth = 0): string {
  const maybe = optional ? 'Optional' : '';
  const item = `v${depth}`;
  switch (shape.kind) {
    case 'string':
      return `JsonMapping.ReadString(${source})`;
    case 'number':
      return `JsonMapping.Read${maybe}Number(${source})`;
    case 'integer':
      return `JsonMapping.Read${maybe}${shape.wide ? 'Long' : 'Int'}(${source})`;
    case 'boolean':
      return `JsonMapping.Read${maybe}Boolean(${source})`;
    case 'any':
      return `JsonMapping.ReadAny(${source})`;
    case 'list':
      return `JsonMapping.ReadList(${source}, ${item} => ${readExpression(shape.item, item, false, depth + 1)})`;
    case 'map':
      return `JsonMapping.ReadMap(${source}, ${item} => ${readExpression(shape.value, item, false, depth + 1)})`;
    case 'object':
      return `${className(shape)}.FromJson(${source})`;
  }
}

/** A `JsonValue` expression of the C# expression `value` (not null; `optional`: a nullable). */
export function writeExpression(shape: Shape, value: string, optional: boolean, depth = 0): string {
  const item = `v${depth}`;
  switch (shape.kind) {
    case 'string':
      return `JsonValue.From(${value})`;
    case 'number':
    case 'integer':
    case 'boolean':
      return `JsonValue.From(${optional ? `${value}.Value` : value})`;
    case 'any':
      return `(${value} ?? JsonValue.Null)`;
    case 'list':
      return `JsonMapping.WriteList(${value}, ${item} => ${writeExpression(shape.item, item, false, depth + 1)})`;
    case 'map':
      return `JsonMapping.WriteMap(${value}, ${item} => ${writeExpression(shape.value, item, false, depth + 1)})`;
    case 'object':
      return depth === 0 ? `${value}.ToJson()` : `(${value} == null ? JsonValue.Null : ${value}.ToJson())`;
  }
}
