import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newSecret } from './crypto.ts';
import { AppError } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Double submit: the server sets a readable cookie; every unsafe API call must echo it in a header. */
export const xsrfPlugin = fp(
  async (app: FastifyInstance, opts: { secure: boolean }) => {
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      if (!cookie) {
        reply.setCookie(XSRF_COOKIE, newSecret(), {
          path: '/',
          sameSite: 'strict',
          secure: opts.secure,
          httpOnly: false,
        });
      }
      if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
        throw new AppError(
          'XSRF_MISMATCH',
          'CSRF check failed: the X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie.',
        );
      }
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);
