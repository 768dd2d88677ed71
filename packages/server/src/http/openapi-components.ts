/**
 * Named schemas in the OpenAPI document. Routes declare their schemas inline (fastify compiles each
 * route's schemas on its own, and TypeBox types them), so @fastify/swagger writes a queue config
 * out in full wherever one appears. Schemas that carry a `title` (TicketView, QueueConfig...) are
 * hoisted into `components.schemas` and referenced by `$ref`: the document states each shape once,
 * and generated clients get named types.
 */

type Node = unknown;

/** A copy of the document with every titled schema moved to components.schemas and referenced. */
export function withNamedSchemas<Document extends Record<string, unknown>>(document: Document): Document {
  const named: Record<string, unknown> = {};
  const visit = (node: Node, isRoot: boolean): Node => {
    if (Array.isArray(node)) return node.map((item) => visit(item, false));
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    const title = record['title'];
    if (!isRoot && typeof title === 'string' && /^[A-Z][A-Za-z]+$/.test(title) && 'type' in record) {
      if (!(title in named)) {
        named[title] = {}; // reserved first, so a schema that contains itself cannot loop
        named[title] = visit(record, true);
      }
      return { $ref: `#/components/schemas/${title}` };
    }
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, visit(value, false)]));
  };
  const { components, ...rest } = document as Record<string, unknown>;
  const transformed = visit(rest, true) as Record<string, unknown>;
  const existing = (components ?? {}) as { schemas?: Record<string, unknown> };
  const sortedNamed = Object.fromEntries(Object.entries(named).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    ...transformed,
    components: { ...existing, schemas: { ...existing.schemas, ...sortedNamed } },
  } as unknown as Document;
}
