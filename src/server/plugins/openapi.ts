import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../shared/contracts/common';
import { SESSION_COOKIE } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const OPENAPI_PATH = '/api/openapi.json';

/** An answer of a documented operation, as a test checks it against the document. */
export type DocumentedAnswer = {
  document: unknown;
  /** The path as the document names it: `/api/marketplaces/{marketplaceId}/cart/count`. */
  path: string;
  method: string;
  status: number;
  contentType: string;
  body: string;
};
/** A problem with an answer (it does not match its documented schema), or undefined. */
export type AnswerCheck = (answer: DocumentedAnswer) => string | undefined;

type SecurityRequirement = Record<string, string[]>;
type Parameter = { in: string; style?: string; explode?: boolean; schema?: { type?: unknown } };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  security?: SecurityRequirement[];
  responses?: Record<string, { description?: string; content?: unknown }>;
};
type Document = {
  openapi: string;
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};
type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

const methodsOf = (route: RouteOptions): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
const readsOnly = (route: RouteOptions): boolean =>
  methodsOf(route).every((method) => SAFE_METHODS.has(method));

/**
 * Who may call: the csrf plugin refuses every state-changing call without the session's CSRF token
 * (and, on cart API calls, its slate token), both bound to the session cookie; reads need nothing and
 * answer for the session when its cookie comes along.
 */
function securityOf(route: RouteOptions): SecurityRequirement[] {
  if (readsOnly(route)) return [{}, { session: [] }];
  return [route.config?.requireSlateToken ? { session: [], csrf: [], slate: [] } : { session: [], csrf: [] }];
}

const pascal = (words: string): string =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

/**
 * `POST /api/marketplaces/{marketplaceId}/cart/carts/retail/items` → `postApiMarketplacesCartCartsRetailItems`:
 * the method and the path's fixed words; a `name={value}` segment keeps its name (`…JsonRef`).
 */
function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{') && !segment.startsWith(':'))
    .map((segment) => pascal(segment.split('=')[0] ?? ''));
  return method.toLowerCase() + words.join('');
}

/** The spec's paths that end in a slash are also served, and documented, without it (Redocly's no-path-trailing-slash). */
const withoutTrailingSlash = (url: string): string => (url.length > 1 ? url.replace(/\/+$/, '') : url);

/** `/gp/product/:asin/ref=:tag` → `/gp/product/{asin}/ref={tag}`, as the document names the route. */
const documentedPath = (url: string): string =>
  withoutTrailingSlash(url).replace(/:(\w+)(\([^)]*\))?/g, '{$1}');

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/;

function transform(input: TransformInput) {
  const { route } = input;
  const own = (input.schema ?? {}) as Record<string, unknown> & {
    hide?: boolean;
    response?: Record<string, unknown>;
  };
  if (own.hide) return jsonSchemaTransform(input);
  // The answers every guarded or validated route can give, documented where the route left them out:
  // the csrf plugin's 403, the schema's 400, and the house error for anything else (a 413, a 500).
  const response: Record<string, unknown> = { ...own.response };
  if (!readsOnly(route)) {
    response['403'] ??= errorResponse;
    // An Idempotency-Key in use (409) or used for another request (422), beside the route's own.
    for (const status of ['409', '422']) {
      const own = response[status] as z.ZodType | undefined;
      response[status] = own && own !== errorResponse ? z.union([own, errorResponse]) : errorResponse;
    }
  }
  if (own.body || own.querystring || own.params || own.headers) {
    response['400'] ??= errorResponse;
  }
  response.default ??= errorResponse;
  const result = jsonSchemaTransform({ ...input, schema: { ...own, response } } as TransformInput);
  const url = withoutTrailingSlash(result.url);
  const schema = result.schema as Record<string, unknown>;
  const method = methodsOf(route).find((m) => m !== 'HEAD') ?? 'GET';
  return {
    url,
    schema: {
      ...schema,
      security: securityOf(route),
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, url),
    },
  };
}

/**
 * Keeps the component schemas a path reaches, directly or through other components. A schema that only
 * requests use keeps its own name rather than the `…Input` twin the zod transform names it by.
 */
function withReachableSchemas(document: Document): Document {
  const kept = reachableSchemas(document);
  const nameOf = (name: string) => {
    const base = name.replace(/Input$/, '');
    return base in kept ? name : base;
  };
  const schemas = Object.fromEntries(Object.entries(kept).map(([name, schema]) => [nameOf(name), schema]));
  let text = JSON.stringify({ ...document, components: { ...document.components, schemas } });
  for (const name of Object.keys(kept)) {
    if (nameOf(name) !== name) {
      text = text.replaceAll(`"#/components/schemas/${name}"`, `"#/components/schemas/${nameOf(name)}"`);
    }
  }
  return JSON.parse(text);
}

function reachableSchemas(document: Document): Record<string, unknown> {
  const all = document.components.schemas ?? {};
  const kept = new Set<string>();
  const pending: unknown[] = [document.paths];
  while (pending.length) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
          const name = value.slice('#/components/schemas/'.length);
          if (!kept.has(name)) {
            kept.add(name);
            pending.push(all[name]);
          }
        } else pending.push(value);
      }
    }
  }
  return Object.fromEntries(Object.entries(all).filter(([name]) => kept.has(name)));
}

function transformObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input) as unknown as Document;
  const operationIds = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const id = operation.operationId ?? '';
      const other = operationIds.get(id);
      if (other) throw new Error(`operationId ${id} names both ${other} and ${method} ${path}`);
      operationIds.set(id, `${method} ${path}`);
      // A list in a query travels comma-separated (`expand=title,price`).
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && parameter.schema?.type === 'array') {
          parameter.style = 'form';
          parameter.explode = false;
        }
      }
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === 'Default Response') {
          answer.description = status === 'default' ? 'Any other failure' : (STATUS_CODES[status] ?? status);
        }
      }
    }
  }
  return withReachableSchemas(document);
}

/**
 * Publishes the OpenAPI 3.1 document of every route that is not hidden at `/api/openapi.json` (JSON
 * Schema 2020-12, so a nullable field is `anyOf [..., {type: null}]` that strict validators accept).
 * Registered before the routes: it sees each one as it is added.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { checkAnswer?: AnswerCheck | undefined }) => {
    // A documented path ending in a slash also answers without it, the address the document gives.
    app.addHook('onRoute', function aliasWithoutSlash(route) {
      const url = route.url ?? '';
      if (route.schema?.hide || url === withoutTrailingSlash(url)) return;
      this.route({ ...route, url: withoutTrailingSlash(url) });
      route.schema = { ...route.schema, hide: true };
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'PDP store API',
          version: '1.0.0',
          description:
            'The calls the product detail page makes. State-changing calls need the session cookie and the ' +
            "page's CSRF token (the `csrfToken` field of a plain HTML form also carries it); cart API calls " +
            'also need the encrypted slate token.',
          // No licence is granted: the repository is private and names none.
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: '/', description: 'The store serving this document' }],
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'The session cookie every page sets',
            },
            csrf: {
              type: 'apiKey',
              in: 'header',
              name: 'x-csrf-token',
              description: "The page's `csrf-token` meta tag, bound to the session cookie",
            },
            slate: {
              type: 'apiKey',
              in: 'header',
              name: 'x-encrypted-slate-token',
              description: "The page's `encrypted-slate-token` meta tag, bound to the session cookie",
            },
          },
        },
      },
      transform: transform as never,
      transformObject: transformObject as never,
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

    const { checkAnswer } = options;
    if (!checkAnswer) return;
    // Tests: an answer off its documented schema becomes a 500 naming the difference (and a console
    // error, which fails the test that caused it).
    app.addHook('onSend', async (request, reply, payload) => {
      const { url, method } = request.routeOptions;
      const contentType = String(reply.getHeader('content-type') ?? '');
      if (!url) return payload;
      if (reply.getHeader('content-encoding') || !JSON_TYPE.test(contentType)) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const document = app.swagger() as unknown as Document;
      const path = documentedPath(url);
      if (!document.paths[path]?.[String(method).toLowerCase()]) return payload;
      let problem: string | undefined;
      try {
        problem = checkAnswer({
          document,
          path,
          method: String(method).toLowerCase(),
          status: reply.statusCode,
          contentType,
          body: payload.toString(),
        });
      } catch (error) {
        problem = `the check failed: ${(error as Error).message}`;
      }
      if (!problem) return payload;
      const message = `${request.method} ${request.url} answered ${reply.statusCode} off its documented schema: ${problem}`;
      console.error(message);
      reply.code(500).type('application/json; charset=utf-8');
      return JSON.stringify({ error: { code: 'answer_off_contract', message } });
    });
  },
  { name: 'openapi', dependencies: ['csrf'] },
);
