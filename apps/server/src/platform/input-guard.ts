import { isCleanText, MESSAGES } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Text that reaches SQL must be storable: PostgreSQL refuses a NUL byte outright (a 500 if it got
 * that far), and no other control character belongs in a value a person typed either. One hook
 * checks every string of the query, the path and a JSON body of every API route, keys included,
 * before the route's schema runs, so no route (and no future one) can forget it. Tab, line feed and
 * carriage return pass here (notes and addresses are multi-line); the shared single-line text
 * fields refuse those themselves. Multipart uploads are checked by the schemas their rows go
 * through (the import validates each row with the create schema).
 */

const SOURCES = [
  ['query', 'query'],
  ['params', 'path'],
  ['body', 'body'],
] as const;

/**
 * The dotted path ('name', 'rates.0.rate') of the first string in `value` that is not clean text,
 * '' when `value` itself is such a string, or null when every string is clean. Iterative, so a
 * deeply nested body cannot overflow the stack.
 */
export function findUncleanText(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isCleanText(v, true)) return path;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const entries: Array<[string, unknown]> = Array.isArray(v)
      ? v.map((item, i) => [String(i), item])
      : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const at = path ? `${path}.${key}` : key;
      if (!isCleanText(key, true)) return at;
      stack.push([item, at]);
    }
  }
  return null;
}

function refused(where: string, path: string): AppError {
  // A repeated query parameter is one field to the person who filled it in.
  const field = (where === 'query' ? path.split('.')[0] : path) || 'detail';
  const detail = `Invalid ${where}. ${field === 'detail' ? '' : `${field}: `}${MESSAGES.invalidValue} (control characters are not allowed)`;
  return AppError.fields(
    field === 'detail' ? { detail: [detail] } : { [field]: [MESSAGES.invalidValue], detail: [detail] },
  );
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    for (const [prop, where] of SOURCES) {
      const path = findUncleanText(request[prop]);
      if (path !== null) throw refused(where, path);
    }
  });
}
