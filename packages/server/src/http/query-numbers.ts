/**
 * Numeric query parameters are numbers in the API's schemas (and so in generated clients: `{ limit:
 * 5 }`), but a query string holds only text. Before validation this hook turns the digits-only
 * value of each parameter the route's schema types as an integer into that number; anything else
 * (a repeated parameter, `1e3`, `-1`, letters) stays text and fails validation with its path named.
 * Bodies are not coerced: a JSON number must be a number.
 */
import type { FastifyRequest } from 'fastify';

/** Up to 15 digits: exact as a double, beyond every range the API takes. */
const digits = /^[0-9]{1,15}$/;

/** The preValidation hook. */
export async function numericQuery(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema?.querystring as
    | { properties?: Record<string, { type?: unknown }> }
    | undefined;
  const properties = schema?.properties;
  const query = request.query as Record<string, unknown> | undefined;
  if (properties === undefined || query === undefined || query === null) return;
  for (const [name, value] of Object.entries(query)) {
    if (properties[name]?.type === 'integer' && typeof value === 'string' && digits.test(value)) {
      query[name] = Number(value);
    }
  }
}
