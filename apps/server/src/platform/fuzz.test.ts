import { ErrorBodySchema } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../test/harness.ts';
import { issueToken } from '../test/tokens.ts';

/**
 * Every API operation, fed bad input in everything it declares, must refuse it with a 400 that
 * names the field, in the error shape of API.md, and write nothing:
 * - a NUL and another control character in every query parameter, every string path parameter
 *   and every string field of a JSON body (at any depth), and in an undeclared query parameter;
 * - 2147483648 and 99999999999 in every integer query parameter and integer body field;
 * - loose and out-of-range ids ('0x10', '00001', '1e1', '1.0', '+5', ' 5', '0', 2147483648) in
 *   every integer path parameter (a path id that is not a plain 1 to 2147483647 is a 400 on `id`,
 *   like any other input; a well-formed id without a record is a 404).
 * The operations and what they take come from the app itself (its route table and the OpenAPI
 * document it publishes), so a new route is covered the moment it exists. Everything runs as the
 * Admin, who passes every access rule, so each request reaches validation.
 */

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}
interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface Case {
  label: string;
  method: string;
  url: string;
  payload?: unknown;
  /** The key of `errors` the answer must carry. */
  field: string;
}

const NUL = '\u0000';
const CONTROL = '\u0008'; // backspace: a control character that is not a line break or tab
const BAD_TEXTS = [`a${NUL}b`, `a${CONTROL}b`];
const HUGE = [2_147_483_648, 99_999_999_999];
const LOOSE_IDS = ['0x10', '00001', '1e1', '1.0', '+5', ' 5', '0', '-1', '2147483648', '99999999999'];

let t: TestContext;
let doc: OpenApi;

beforeAll(async () => {
  t = await createTestContext();
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});
afterAll(() => t.close());

function resolve(schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let depth = 0; depth < 10; depth++) {
    if (s.$ref) s = doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {};
    else if (s.allOf?.length) s = s.allOf[0]!;
    else {
      const variants = s.anyOf ?? s.oneOf;
      if (!variants?.length) return s;
      s = variants.find((v) => resolve(v).type !== 'null') ?? variants[0]!;
    }
  }
  return s;
}

const typeOf = (schema: JsonSchema | undefined): string => {
  const s = resolve(schema);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type) return type;
  if (s.properties) return 'object';
  return s.enum ? typeof s.enum[0] : 'unknown';
};

/** A value of the schema's shape; validity does not matter, only that the fuzzed field is where it should be. */
function sample(schema: JsonSchema | undefined): unknown {
  const s = resolve(schema);
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return [sample(s.items)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    default:
      return 'x';
  }
}

type Leaf = { path: (string | number)[]; type: string };
function leaves(schema: JsonSchema | undefined, path: (string | number)[] = []): Leaf[] {
  const s = resolve(schema);
  const type = typeOf(s);
  if (type === 'object')
    return Object.entries(s.properties ?? {}).flatMap(([k, v]) => leaves(v, [...path, k]));
  if (type === 'array') return leaves(s.items, [...path, 0]);
  return [{ path, type }];
}

function withValue(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head as string] = withValue(copy[head as string], rest, leaf);
  return copy;
}

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every fuzz case of one operation. */
function casesOf(method: string, url: string): Case[] {
  const op = doc.paths[openapiPath(url)]?.[method.toLowerCase()] ?? {};
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const validPathValue = (name: string) => {
    const p = pathParams.find((x) => x.name === name);
    const s = resolve(p?.schema);
    if (s.enum?.length) return String(s.enum[0]);
    return typeOf(s) === 'integer' ? '1' : 'x';
  };
  const urlWith = (name?: string, raw?: string) =>
    url.replace(/:(\w+)/g, (_m, n: string) =>
      encodeURIComponent(n === name && raw !== undefined ? raw : validPathValue(n)),
    );
  const base = urlWith();
  const route = `${method} ${url}`;
  const hasJsonBody = op.requestBody?.content?.['application/json'] !== undefined;
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const validBody = hasJsonBody ? sample(bodySchema) : undefined;
  const withBody = (c: Omit<Case, 'payload'>): Case =>
    validBody === undefined ? c : { ...c, payload: validBody };
  const cases: Case[] = [];

  for (const name of [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!)) {
    const p = pathParams.find((x) => x.name === name);
    const bad = typeOf(p?.schema) === 'integer' ? LOOSE_IDS : BAD_TEXTS;
    for (const raw of bad)
      cases.push(
        withBody({
          label: `${route} path ${name}=${JSON.stringify(raw)}`,
          method,
          url: urlWith(name, raw),
          field: name,
        }),
      );
  }

  const queryCases: [string, string][] = [['q_undeclared', NUL]];
  for (const p of queryParams) {
    for (const text of BAD_TEXTS) queryCases.push([p.name, text]);
    const s = resolve(p.schema);
    const isInt = typeOf(s) === 'integer' || (typeOf(s) === 'array' && typeOf(s.items) === 'integer');
    if (isInt) for (const n of HUGE) queryCases.push([p.name, String(n)]);
  }
  for (const [name, value] of queryCases) {
    const qs = new URLSearchParams({ [name]: value }).toString();
    cases.push(
      withBody({
        label: `${route} query ${name}=${JSON.stringify(value)}`,
        method,
        url: `${base}?${qs}`,
        field: name,
      }),
    );
  }

  if (hasJsonBody) {
    for (const leaf of leaves(bodySchema)) {
      const values: unknown[] =
        leaf.type === 'integer' ? HUGE : leaf.type === 'string' || leaf.type === 'unknown' ? BAD_TEXTS : [];
      for (const value of values) {
        cases.push({
          label: `${route} body ${leaf.path.join('.') || '(whole)'}=${JSON.stringify(value)}`,
          method,
          url: base,
          payload: withValue(validBody, leaf.path, value),
          field: leaf.path.join('.') || 'detail',
        });
      }
    }
  }
  return cases;
}

/** Row count and a digest of every table but the sessions (each request marks its token used). */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'auth_tokens'
        order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; h: string }>(
      t.database.db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h
          from ${sql.identifier(name)} r`,
    );
    out[name] = `${row!.n}:${row!.h}`;
  }
  return out;
}

describe('bad input on every operation', () => {
  it('is refused with a 400 naming the field, and nothing is written', { timeout: 120_000 }, async () => {
    const routes = t.app.routeTable.filter((r) => r.url !== '/api/v1/openapi.json');
    expect(routes.length).toBeGreaterThan(10);
    const before = await fingerprint();
    const failures: string[] = [];
    let count = 0;
    for (const route of routes) {
      for (const c of casesOf(route.method, route.url)) {
        count++;
        // A fresh session each time: a request that wrongly got through may have ended its own.
        const token = await issueToken(t.database.db, ROLE_EMAILS.Admin);
        const res = await t.request({
          method: c.method as 'POST',
          url: c.url,
          token,
          ...(c.payload !== undefined && { payload: c.payload as object }),
        });
        const body = (() => {
          try {
            return res.json();
          } catch {
            return null;
          }
        })();
        const errors = body?.errors;
        const ok =
          res.statusCode === 400 &&
          ErrorBodySchema.safeParse(body).success &&
          errors &&
          !Array.isArray(errors) &&
          Array.isArray(errors[c.field]) &&
          Array.isArray(errors.detail);
        if (!ok) failures.push(`${c.label} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(routes.length * 2);
    const after = await fingerprint();
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    expect(changed, 'tables written by refused requests').toEqual([]);
  });
});
