// The app's routes as the generated robustness tests see them: the published OpenAPI document (its
// parameters and request bodies) plus Fastify's own route list for the routes the document hides.

export type JsonSchema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
export type OpenApiParameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** One operation of the document, its schemas resolved, at Fastify's path (`:name` parameters). */
export type DocumentedRoute = {
  method: string;
  /** Fastify's path, e.g. /api/marketplaces/:marketplaceId/products/:asin */
  path: string;
  params: OpenApiParameter[];
  query: OpenApiParameter[];
  body?: { contentType: string; schema: JsonSchema };
};

export const routeKey = (method: string, path: string) => `${method} ${path}`;

/** Every route of the app from Fastify's route tree (printRoutes), as method and full path. */
export function registeredRoutes(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[└├]── (.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = Math.round(((match[1] ?? '').length + 1) / 4);
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) routes.push({ method, path });
  }
  return routes;
}

/** A schema with its `$ref`s and single `allOf`s replaced by what they name, all the way down. */
function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(doc, doc.components?.schemas?.[name] ?? {});
  }
  if (schema.allOf?.length === 1 && schema.allOf[0])
    return resolve(doc, { ...schema.allOf[0], ...schema, allOf: undefined });
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolve(doc, v)]),
    );
  }
  if (schema.items) out.items = resolve(doc, schema.items);
  if (schema.anyOf) out.anyOf = schema.anyOf.map((s) => resolve(doc, s));
  return out;
}

/** A value of the right shape (best effort: a pattern may still refuse it). */
export function validValue(schema: JsonSchema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.[0]) return validValue(schema.anyOf[0]);
  switch (schema.type) {
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items
        ? Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => validValue(schema.items ?? {}))
        : [];
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, validValue(schema.properties?.[k] ?? {})]),
      );
    default:
      return null;
  }
}

/** Every operation of the document, with its parameters and first request body's schema resolved. */
export function documentedRoutes(
  doc: OpenApiDocument,
  mediaTypes: Record<string, string> = {},
): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  for (const [openApiPath, operations] of Object.entries(doc.paths)) {
    const path = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = (operation.parameters ?? []).map((p) => ({ ...p, schema: resolve(doc, p.schema) }));
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      const key = routeKey(method.toUpperCase(), path);
      routes.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        ...(contentType && media
          ? { body: { contentType: mediaTypes[key] ?? contentType, schema: resolve(doc, media.schema) } }
          : {}),
      });
    }
  }
  return routes;
}
