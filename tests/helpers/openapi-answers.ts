import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { AnswerCheck } from '../../src/server/plugins/openapi';

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;
type Document = {
  paths: Record<string, Record<string, { responses?: Responses }>>;
  components?: { schemas?: Record<string, unknown> };
};

const SCHEMAS_ID = 'https://store.test/api/openapi-schemas.json';
const mediaType = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * One JSON Schema 2020-12 document (the dialect of OpenAPI 3.1) holding the document's components and
 * every answer schema under `$defs`, compiled whole by a strict Ajv: a keyword Ajv does not know, or a
 * type mismatch inside a schema, fails the compile.
 */
function compileAnswers(document: Document) {
  const defs: Record<string, unknown> = { ...(document.components?.schemas ?? {}) };
  const answerDefs = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.schema === undefined) continue;
          const name = `answer${answerDefs.size}`;
          answerDefs.set(`${method} ${path} ${status} ${mediaType(type)}`, name);
          defs[name] = media.schema;
        }
      }
    }
  }
  const root = JSON.parse(
    JSON.stringify({ $id: SCHEMAS_ID, $defs: defs }).replaceAll('"#/components/schemas/', '"#/$defs/'),
  );
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(root);
  const validators = new Map<string, ValidateFunction>();
  return (key: string): ValidateFunction | undefined => {
    const name = answerDefs.get(key);
    if (!name) return undefined;
    let validate = validators.get(name);
    if (!validate) {
      validate = ajv.getSchema(`${SCHEMAS_ID}#/$defs/${name}`);
      if (!validate) throw new Error(`no schema ${name}`);
      validators.set(name, validate);
    }
    return validate;
  };
}

// The apps of one test file publish the same document: it is compiled once (about a second).
let lastCompiled: { text: string; validatorOf: ReturnType<typeof compileAnswers> } | undefined;
/** Compiles the document's answer schemas now (the test app does it as it starts, not in a timed answer). */
export function compiledFor(document: unknown) {
  const text = JSON.stringify(document);
  if (lastCompiled?.text !== text) lastCompiled = { text, validatorOf: compileAnswers(document as Document) };
  return lastCompiled.validatorOf;
}

/**
 * Checks answers against the live OpenAPI document with Ajv in strict mode: the answer's status must be
 * documented, and its JSON body must match the schema documented for that status and media type.
 */
export function strictAnswerCheck(): AnswerCheck {
  let loaded: unknown;
  let validatorOf: ReturnType<typeof compileAnswers> = () => undefined;
  return ({ document, path, method, status, contentType, body }) => {
    if (loaded !== document) {
      validatorOf = compiledFor(document);
      loaded = document;
    }
    const responses = (document as Document).paths[path]?.[method]?.responses ?? {};
    const statusKey = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in responses);
    if (!statusKey)
      return `status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`;
    const types = Object.keys(responses[statusKey]?.content ?? {}).map(mediaType);
    const type = types.find((t) => t === mediaType(contentType)) ?? types.find((t) => t.includes('json'));
    const validate = type && validatorOf(`${method} ${path} ${statusKey} ${type}`);
    if (!validate) return `no JSON body is documented for ${status}`;
    if (validate(JSON.parse(body))) return undefined;
    return new Ajv2020().errorsText(validate.errors, { dataVar: 'answer' });
  };
}
