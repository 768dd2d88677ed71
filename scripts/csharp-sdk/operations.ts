/**
 * The operations of the OpenAPI document as C# methods of `MatchdClient`: one `<OperationId>Async`
 * per operation, taking its path parameters, its body, its query parameters and its header
 * parameters, then a CancellationToken; resolving to its 2xx body (a class, a list, JSON or text).
 * The HTTP itself (retries, errors) is the hand-written `MatchdClient.SendAsync`.
 */
import { csType, readExpression } from './csharp-types.ts';
import { summary } from './emit-classes.ts';
import { camelCase, docLines, literal, pascalCase } from './names.ts';
import { type ClassNames, type Schema, type Shape, type ShapeReader, signature } from './shapes.ts';

/**
 * Headers the API takes on an operation before its document says so: the service ignores an
 * unknown header, and a caller that sends the key today is ready for the day it is honoured.
 */
const knownHeaders: Readonly<Record<string, readonly string[]>> = {
  createTicket: ['Idempotency-Key'],
  reportResult: ['Idempotency-Key'],
};

const headerDescriptions: Readonly<Record<string, string>> = {
  'Idempotency-Key':
    'Sent as the `Idempotency-Key` header: the same key names the same request, so the call is retried after ' +
    'a network failure or a 503 (a call without a key that changes something is not).',
};

interface Parameter {
  readonly name: string;
  readonly csName: string;
  readonly shape: Shape;
  readonly required: boolean;
  readonly description?: string;
}

/** An operation as the generator emits it. */
export interface Operation {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly summary?: string;
  readonly description?: string;
  readonly pathParameters: readonly Parameter[];
  readonly queryParameters: readonly Parameter[];
  readonly headers: readonly Parameter[];
  readonly body?: { readonly shape: Shape; readonly required: boolean; readonly description?: string };
  /** The 2xx body: JSON of a shape, text, or none. */
  readonly response:
    | { readonly kind: 'json'; readonly shape: Shape }
    | { readonly kind: 'text' }
    | { readonly kind: 'none' };
}

function record(value: unknown): Schema {
  return typeof value === 'object' && value !== null ? (value as Schema) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** `idempotency-key` -> `Idempotency-Key` (header names are case-insensitive; one spelling in the SDK). */
function headerName(name: string): string {
  return name
    .split('-')
    .map((part) => (part.length === 0 ? part : part[0]!.toUpperCase() + part.slice(1).toLowerCase()))
    .join('-');
}

/** The document's operations, in its order. */
export function readOperations(document: Schema, reader: ShapeReader): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(record(document['paths']))) {
    for (const [method, raw] of Object.entries(record(methods))) {
      const operation = record(raw);
      const id = text(operation['operationId']);
      if (id === undefined) continue;
      const parameters = Array.isArray(operation['parameters']) ? operation['parameters'].map(record) : [];
      const parameterOf = (parameter: Schema): Parameter => {
        const description =
          text(parameter['description']) ?? text(record(parameter['schema'])['description']);
        const name = String(parameter['name']);
        return {
          name: parameter['in'] === 'header' ? headerName(name) : name,
          csName: camelCase(name),
          shape: reader.shape(parameter['schema']),
          required: parameter['required'] === true,
          ...(description === undefined ? {} : { description }),
        };
      };
      const inPlace = (place: string) => parameters.filter((p) => p['in'] === place).map(parameterOf);
      const pathParameters = inPlace('path').sort(
        (a, b) => path.indexOf(`{${a.name}}`) - path.indexOf(`{${b.name}}`),
      );
      const headers = inPlace('header');
      for (const name of knownHeaders[id] ?? []) {
        if (headers.some((header) => header.name === name)) continue;
        headers.push({
          name,
          csName: camelCase(name),
          shape: { kind: 'string', values: [] },
          required: false,
        });
      }
      const requestBody = record(operation['requestBody']);
      const bodySchema = record(record(record(requestBody['content'])['application/json'])['schema']);
      const bodyDescription = text(requestBody['description']);
      const summaryText = text(operation['summary']);
      const description = text(operation['description']);
      operations.push({
        id,
        method: method.toUpperCase(),
        path,
        ...(summaryText === undefined ? {} : { summary: summaryText }),
        ...(description === undefined ? {} : { description }),
        pathParameters,
        queryParameters: inPlace('query'),
        headers,
        ...(Object.keys(bodySchema).length === 0
          ? {}
          : {
              body: {
                shape: reader.shape(bodySchema),
                required: requestBody['required'] === true,
                ...(bodyDescription === undefined ? {} : { description: bodyDescription }),
              },
            }),
        response: responseOf(record(operation['responses']), reader),
      });
    }
  }
  return operations;
}

/** The operation's 2xx body; 2xx answers of different shapes are JSON. */
function responseOf(responses: Schema, reader: ShapeReader): Operation['response'] {
  const successes = Object.entries(responses)
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => record(record(response)['content']));
  const json = successes.filter((content) => 'application/json' in content);
  if (json.length > 0) {
    const shapes = json.map((content) => reader.shape(record(content['application/json'])['schema']));
    const first = shapes[0]!;
    // Components and equal inline schemas name one class; anything else is plain JSON.
    return {
      kind: 'json',
      shape: shapes.every((shape) => signature(shape) === signature(first)) ? first : { kind: 'any' },
    };
  }
  return successes.some((content) => Object.keys(content).length > 0) ? { kind: 'text' } : { kind: 'none' };
}

/** Names the classes of the operations' inline bodies (`<OperationId>Request`, `...Response`). */
export function nameOperationClasses(operations: readonly Operation[], names: ClassNames): void {
  for (const operation of operations) {
    const base = pascalCase(operation.id);
    if (operation.body !== undefined) names.nameWithin(operation.body.shape, `${base}Request`);
    if (operation.response.kind === 'json') names.nameWithin(operation.response.shape, `${base}Response`);
    for (const parameter of [...operation.pathParameters, ...operation.queryParameters]) {
      names.nameWithin(parameter.shape, `${base}${pascalCase(parameter.name)}`);
    }
  }
}

const i2 = '        ';
const i3 = '            ';

/** The C# type a parameter is passed as (query and header parameters are optional, so nullable). */
function parameterType(parameter: Parameter): string {
  return csType(parameter.shape, !parameter.required);
}

/** The methods of one operation. */
export function emitOperation(operation: Operation): string[] {
  const lines: string[] = [];
  const resultType = resultTypeOf(operation);
  const required: string[] = [];
  const optional: string[] = [];
  const docs: string[] = [];
  const param = (name: string, description: string) => {
    const [first, ...rest] = docLines(description);
    docs.push(`${i2}/// <param name="${name.replace(/^@/, '')}">${first ?? ''}`);
    for (const line of rest) docs.push(`${i2}/// ${line}`);
    docs[docs.length - 1] += '</param>';
  };
  for (const parameter of operation.pathParameters) {
    required.push(`string ${parameter.csName}`);
    param(parameter.csName, parameter.description ?? `The \`${parameter.name}\` of the path.`);
  }
  const body = operation.body;
  const bodyType = body === undefined ? undefined : csType(body.shape, false);
  if (body !== undefined) {
    (body.required ? required : optional).push(`${bodyType} body${body.required ? '' : ' = null'}`);
    const shapeDescription = body.shape.kind === 'object' ? body.shape.description : undefined;
    param('body', body.description ?? shapeDescription ?? `The request's JSON body (${bodyType}).`);
  }
  for (const parameter of [...operation.queryParameters, ...operation.headers]) {
    if (parameter.required) required.push(`${parameterType(parameter)} ${parameter.csName}`);
    else optional.push(`${parameterType(parameter)} ${parameter.csName} = null`);
    param(
      parameter.csName,
      parameter.description ?? headerDescriptions[parameter.name] ?? `The \`${parameter.name}\` parameter.`,
    );
  }
  optional.push('CancellationToken cancellationToken = default(CancellationToken)');
  docs.push(`${i2}/// <param name="cancellationToken">Cancels the call (and its retries).</param>`);
  lines.push(...summary(i2, operation.summary));
  const remarks = [
    operation.description,
    `\`${operation.method} ${operation.path}\` (operation \`${operation.id}\`).`,
  ]
    .filter((part): part is string => part !== undefined)
    .join('\n');
  lines.push(...summary(i2, remarks, 'remarks'), ...docs);
  lines.push(
    `${i2}public Task<${resultType}> ${pascalCase(operation.id)}Async(${[...required, ...optional].join(', ')})`,
    `${i2}{`,
    `${i3}var request = new ApiRequest(${literal(operation.method)}, ${literal(operation.path)});`,
  );
  for (const parameter of operation.pathParameters) {
    lines.push(`${i3}request.SetPath(${literal(parameter.name)}, ${parameter.csName});`);
  }
  if (body !== undefined) {
    const value = body.shape.kind === 'object' ? 'body.ToJson()' : 'JsonMapping.ReadAny(body)';
    if (body.required) lines.push(`${i3}if (body == null) throw new ArgumentNullException("body");`);
    lines.push(`${i3}request.Body = ${body.required ? value : `body == null ? null : ${value}`};`);
  }
  for (const parameter of operation.queryParameters) {
    lines.push(`${i3}request.SetQuery(${literal(parameter.name)}, ${parameter.csName});`);
  }
  for (const parameter of operation.headers) {
    lines.push(`${i3}request.SetHeader(${literal(parameter.name)}, ${parameter.csName});`);
  }
  const response = operation.response;
  if (response.kind === 'text') {
    lines.push(`${i3}return SendForTextAsync(request, cancellationToken);`);
  } else {
    const read = response.kind === 'none' ? 'JsonMapping.ReadAny' : reader(response.shape);
    lines.push(`${i3}return SendAsync(request, ${read}, cancellationToken);`);
  }
  lines.push(`${i2}}`);
  return lines;
}

function resultTypeOf(operation: Operation): string {
  const response = operation.response;
  if (response.kind === 'text') return 'string';
  if (response.kind === 'none') return 'JsonValue';
  return csType(response.shape, false);
}

/** A `Func<JsonValue, T>` that reads the response body. */
function reader(shape: Shape): string {
  if (shape.kind === 'object') return `${shape.className}.FromJson`;
  return `json => ${readExpression(shape, 'json', false)}`;
}
