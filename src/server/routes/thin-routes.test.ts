import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

// Routes are schema + one service call, and a refusal becomes an HTTP status only in
// routes/refusal-status.ts: these read the source, so a thick route or a status chosen by a service
// fails here rather than in review.

const SERVER = join(import.meta.dirname, '..');
const MAX_ROUTE_FILE_LINES = 200;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name));
}

/** The code of a file without its comments and the text of its strings (a `'404'` in a body is not a status). */
function codeOnly(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
}

const STATUS_PATTERNS = [
  /\bstatus(?:Code)?\s*[:=]\s*[1-5]\d\d\b/, // { status: 404 }, statusCode = 409
  /\bstatus(?:Code)?\s*:\s*number\b/, // status: number
  /\b[1-5]\d\d\s*\|\s*[1-5]\d\d\b/, // 404 | 409
  /\b[1-5]\d\d\s+as\s+const\b/, // 404 as const
  /\.(?:code|status)\(\s*[1-5]\d\d\b/, // reply.code(404)
  /\bnew\s+\w+\(\s*[1-5]\d\d\b/, // new LineRefused(404, …)
];

/** The lines of a file that set or type an HTTP status. */
function httpStatusesIn(source: string): string[] {
  return codeOnly(source)
    .split('\n')
    .filter((line) => STATUS_PATTERNS.some((pattern) => pattern.test(line)))
    .map((line) => line.trim());
}

describe('route files stay thin', () => {
  test(`no route file is over ${MAX_ROUTE_FILE_LINES} lines`, () => {
    const long = sourceFiles(join(SERVER, 'routes'))
      .map((file) => ({ file: relative(SERVER, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_ROUTE_FILE_LINES);
    expect(long).toEqual([]);
  });
});

describe('services refuse with codes, never HTTP statuses', () => {
  test('the check finds a status however a service would set it', () => {
    expect(httpStatusesIn("return { ok: false, status: 404, code: 'not_found' };")).toHaveLength(1);
    expect(httpStatusesIn('type R = { ok: false; status: 404 | 409 };')).toHaveLength(1);
    expect(httpStatusesIn('      status: number;')).toHaveLength(1);
    expect(httpStatusesIn("throw new LineRefused(422, { code: 'x' });")).toHaveLength(1);
    expect(httpStatusesIn('return reply.code(401).send(body);')).toHaveLength(1);
    expect(httpStatusesIn('const s = 400 as const;')).toHaveLength(1);
  });

  test('the check leaves alone what is not a status', () => {
    const fine = [
      "// a page past the last one is a 404, which the page reads as 'no more tiers'",
      "return { kind: 'refused', errorCode: '404' };",
      'const MAX_PROMOTIONS_PER_SWEEP = 500;',
      "return { ok: true, status: 'SUCCESS' };",
      "return { ok: false, refusal: { code: 'unknown_product', message: 'no product with this asin' } };",
    ].join('\n');
    expect(httpStatusesIn(fine)).toEqual([]);
  });

  test('no file under src/server/services sets an HTTP status', () => {
    const found = sourceFiles(join(SERVER, 'services')).flatMap((file) =>
      httpStatusesIn(readFileSync(file, 'utf8')).map((line) => `${relative(SERVER, file)}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
