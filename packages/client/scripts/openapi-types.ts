/**
 * The client's types, generated from the server's OpenAPI document by openapi-typescript. The
 * same function writes `src/openapi.ts` (`npm run generate -w @matchd/client`) and, in the
 * server's contract test, checks that the committed file is what the live document gives.
 */
import openapiTS, { astToString } from 'openapi-typescript';

const banner =
  '/**\n * Generated from the matchd OpenAPI document by openapi-typescript; do not edit.\n' +
  ' * Regenerate with `npm run generate -w @matchd/client` after changing a route schema.\n */\n';

/** TypeScript declarations (`paths`, `components`, `operations`) of an OpenAPI document. */
export async function openApiTypes(document: Record<string, unknown>): Promise<string> {
  // The servers differ from one running server to another; the types do not depend on them.
  const { servers: _servers, ...stable } = document;
  const ast = await openapiTS(stable as unknown as Parameters<typeof openapiTS>[0], {
    immutable: true,
    alphabetize: true,
  });
  return banner + astToString(ast);
}
