/**
 * JSON Schema as the C# SDK sees it: each schema becomes a shape (a string, a number, a list, a map,
 * an object with properties, or any JSON), and each object shape becomes a named C# class.
 *
 * What C# 7.2 cannot say is made plain: a union of string constants is a string, a union of
 * objects (a `kind`-tagged family) is one object with every variant's properties (those of one
 * variant only are optional), and any other union is a `JsonValue`. `const` is an enum of one value,
 * `patternProperties` of one pattern is `additionalProperties`, so the AsyncAPI document's copies of
 * the OpenAPI schemas have the same shapes.
 *
 * An object shape is named by its component (`#/components/schemas/X` is class `X`), else by its
 * title, else by where it sits (`TicketRequest.players[]` is `TicketRequestPlayer`). A shape equal
 * to a component's or a titled one's (same properties, types and required ones, all the way down)
 * is that class, so the ticket the stream's `state` message carries is a `TicketView`.
 */
import { pascalCase, singular } from './names.ts';

/** A JSON Schema node as the documents hold it. */
export type Schema = { readonly [key: string]: unknown };

export type Shape =
  | { readonly kind: 'string'; readonly values: readonly string[] }
  | { readonly kind: 'number' | 'boolean' | 'any' }
  | { readonly kind: 'integer'; readonly wide: boolean }
  | { readonly kind: 'list'; readonly item: Shape }
  | { readonly kind: 'map'; readonly value: Shape }
  | ObjectShape;

export interface ObjectShape {
  readonly kind: 'object';
  readonly properties: readonly PropertyShape[];
  readonly title?: string;
  /** The key of the component it is, for `#/components/schemas/...`. */
  readonly component?: string;
  readonly description?: string;
  /** Its C# class, once named. */
  className?: string;
}

export interface PropertyShape {
  readonly json: string;
  readonly shape: Shape;
  readonly required: boolean;
  readonly description?: string;
}

const any: Shape = { kind: 'any' };
const int32 = 2 ** 31;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Turns the schemas of one document into shapes; components are resolved once each. */
export class ShapeReader {
  readonly #components: Readonly<Record<string, Schema>>;
  readonly #resolved = new Map<string, Shape>();
  readonly #resolving = new Set<string>();

  constructor(components: Readonly<Record<string, Schema>>) {
    this.#components = components;
  }

  /** The shape of the component named `name`. */
  component(name: string): Shape {
    const known = this.#resolved.get(name);
    if (known !== undefined) return known;
    const schema = this.#components[name];
    // A schema that contains itself has no finite class: it stays JSON.
    if (schema === undefined || this.#resolving.has(name)) return any;
    this.#resolving.add(name);
    const shape = this.shape(schema, name);
    this.#resolving.delete(name);
    this.#resolved.set(name, shape);
    return shape;
  }

  /** The shape of a schema (`component` names it when it is a component's own schema). */
  shape(schema: unknown, component?: string): Shape {
    if (!isSchema(schema)) return any;
    const ref = text(schema['$ref']);
    if (ref !== undefined) {
      const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
      return match === null ? any : this.component(match[1]!);
    }
    const variants = schema['anyOf'] ?? schema['oneOf'];
    if (Array.isArray(variants)) return this.#union(variants, schema, component);
    const allOf = schema['allOf'];
    if (Array.isArray(allOf)) return allOf.length === 1 ? this.shape(allOf[0]) : any;
    if ('const' in schema) return constantShape([schema['const']]);
    if (Array.isArray(schema['enum'])) return constantShape(schema['enum']);
    switch (schema['type']) {
      case 'string':
        return { kind: 'string', values: [] };
      case 'number':
        return { kind: 'number' };
      case 'boolean':
        return { kind: 'boolean' };
      case 'integer': {
        const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : -Infinity;
        const maximum = typeof schema['maximum'] === 'number' ? schema['maximum'] : Infinity;
        return { kind: 'integer', wide: !(minimum >= -int32 && maximum < int32) };
      }
      case 'array':
        return { kind: 'list', item: 'items' in schema ? this.shape(schema['items']) : any };
      case 'object':
      case undefined:
        return this.#object(schema, component);
      default:
        return any;
    }
  }

  #object(schema: Schema, component: string | undefined): Shape {
    const properties = isSchema(schema['properties']) ? schema['properties'] : {};
    const names = Object.keys(properties);
    if (names.length === 0) {
      const values = additionalValues(schema);
      return values === undefined ? any : { kind: 'map', value: this.shape(values) };
    }
    const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
    return objectShape(
      names.map((json) => {
        const property = properties[json];
        const description = isSchema(property) ? text(property['description']) : undefined;
        return {
          json,
          shape: this.shape(property),
          required: required.has(json),
          ...(description === undefined ? {} : { description }),
        };
      }),
      schema,
      component,
    );
  }

  #union(variants: readonly unknown[], schema: Schema, component: string | undefined): Shape {
    const shapes = variants.map((variant) => this.shape(variant));
    if (shapes.length === 1) return shapes[0]!;
    if (shapes.every((shape) => shape.kind === 'string')) {
      return {
        kind: 'string',
        values: shapes.flatMap((shape) => (shape.kind === 'string' ? shape.values : [])),
      };
    }
    if (shapes.every((shape) => shape.kind === 'integer')) {
      return { kind: 'integer', wide: shapes.some((shape) => shape.kind === 'integer' && shape.wide) };
    }
    if (shapes.every((shape) => shape.kind === 'number' || shape.kind === 'integer'))
      return { kind: 'number' };
    if (shapes.every((shape) => shape.kind === 'boolean')) return { kind: 'boolean' };
    if (shapes.every((shape) => shape.kind === 'object')) {
      return objectShape(mergeVariants(shapes as ObjectShape[]), schema, component);
    }
    return any;
  }
}

function objectShape(
  properties: readonly PropertyShape[],
  schema: Schema,
  component: string | undefined,
): ObjectShape {
  const title = text(schema['title']);
  const description = text(schema['description']);
  return {
    kind: 'object',
    properties,
    ...(title === undefined ? {} : { title }),
    ...(component === undefined ? {} : { component }),
    ...(description === undefined ? {} : { description }),
  };
}

/** The schema of an object's free members, when it declares one (not `true`, `{}` or `false`). */
function additionalValues(schema: Schema): Schema | undefined {
  const additional = schema['additionalProperties'];
  if (isSchema(additional) && Object.keys(additional).length > 0) return additional;
  const patterns = schema['patternProperties'];
  if (isSchema(patterns)) {
    const values = Object.values(patterns);
    if (values.length === 1 && isSchema(values[0])) return values[0];
  }
  return undefined;
}

function constantShape(values: readonly unknown[]): Shape {
  if (values.every((value) => typeof value === 'string'))
    return { kind: 'string', values: values as string[] };
  if (values.every((value) => typeof value === 'number')) return { kind: 'number' };
  if (values.every((value) => typeof value === 'boolean')) return { kind: 'boolean' };
  return any;
}

/** One object of a union's object variants: every property, required where every variant requires it. */
function mergeVariants(variants: readonly ObjectShape[]): PropertyShape[] {
  const order: string[] = [];
  const byName = new Map<string, PropertyShape[]>();
  for (const variant of variants) {
    for (const property of variant.properties) {
      if (!byName.has(property.json)) {
        byName.set(property.json, []);
        order.push(property.json);
      }
      byName.get(property.json)!.push(property);
    }
  }
  return order.map((json) => {
    const found = byName.get(json)!;
    const first = found[0]!;
    const shapes = found.map((property) => property.shape);
    let shape: Shape = any;
    if (shapes.every((each) => each.kind === 'string')) {
      shape = {
        kind: 'string',
        values: [...new Set(shapes.flatMap((each) => (each.kind === 'string' ? each.values : [])))],
      };
    } else if (shapes.every((each) => signature(each) === signature(first.shape))) {
      shape = first.shape;
    }
    return {
      json,
      shape,
      required: found.length === variants.length && found.every((property) => property.required),
      ...(first.description === undefined ? {} : { description: first.description }),
    };
  });
}

/** The structure of a shape, all the way down (names and descriptions aside). */
export function signature(shape: Shape): string {
  switch (shape.kind) {
    case 'string':
      return 's';
    case 'number':
      return 'n';
    case 'boolean':
      return 'b';
    case 'any':
      return 'a';
    case 'integer':
      return shape.wide ? 'L' : 'i';
    case 'list':
      return `[${signature(shape.item)}]`;
    case 'map':
      return `{${signature(shape.value)}}`;
    case 'object':
      return `o(${[...shape.properties]
        .sort((a, b) => (a.json < b.json ? -1 : a.json > b.json ? 1 : 0))
        .map((property) => `${property.json}${property.required ? '!' : '?'}:${signature(property.shape)}`)
        .join(',')})`;
  }
}

/** A named C# class of the SDK, in the order classes were first met. */
export interface NamedClass {
  readonly name: string;
  readonly shape: ObjectShape;
}

/** Names object shapes as classes (see the file comment); one registry for the whole SDK. */
export class ClassNames {
  readonly classes: NamedClass[] = [];
  readonly #taken = new Set<string>();
  /** Classes a structurally equal shape may reuse: components and titled shapes. */
  readonly #shared = new Map<string, string>();

  /** Keeps `name` for a class to be named later (components, stream messages). */
  reserve(name: string): void {
    this.#taken.add(name);
  }

  /** Names `shape` (and the object shapes inside it), reusing a shared class when one is equal. */
  name(shape: ObjectShape, context: string, reserved?: string): string {
    if (shape.className !== undefined) return shape.className;
    const structure = signature(shape);
    let name = reserved ?? shape.component;
    if (name === undefined) {
      const shared = this.#shared.get(structure);
      if (shared !== undefined) {
        shape.className = shared;
        return shared;
      }
      name = this.#free(shape.title !== undefined && !this.#taken.has(shape.title) ? shape.title : context);
    }
    this.#taken.add(name);
    shape.className = name;
    if ((shape.component !== undefined || shape.title !== undefined) && !this.#shared.has(structure)) {
      this.#shared.set(structure, name);
    }
    this.classes.push({ name, shape });
    for (const property of shape.properties)
      this.nameWithin(property.shape, `${name}${pascalCase(property.json)}`);
    return name;
  }

  /** Names the object shapes inside `shape`, which sits where `context` says. */
  nameWithin(shape: Shape, context: string): void {
    if (shape.kind === 'object') this.name(shape, context);
    else if (shape.kind === 'list') this.nameWithin(shape.item, singularContext(context));
    else if (shape.kind === 'map') this.nameWithin(shape.value, `${context}Value`);
  }

  #free(candidate: string): string {
    if (!this.#taken.has(candidate)) return candidate;
    for (let suffix = 2; ; suffix += 1) {
      if (!this.#taken.has(`${candidate}${suffix}`)) return `${candidate}${suffix}`;
    }
  }
}

/** `TicketRequestPlayers` -> `TicketRequestPlayer`: the last word of a context made singular. */
function singularContext(context: string): string {
  const match = /^(.*?)([A-Z][a-z0-9]*)$/.exec(context);
  if (match === null) return singular(context);
  return `${match[1]}${pascalCase(singular(match[2]!))}`;
}
