import { PUBLIC } from '@app/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { App } from './types.ts';

export async function healthRoutes(app: App, { db, e2e }: { db: Db; e2e: boolean }) {
  app.get(
    '/health',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['platform'],
        response: {
          200: z.object({ data: z.object({ status: z.literal('ok'), database: z.literal('ok') }) }),
          503: z.object({ errors: z.object({ detail: z.string() }) }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
      } catch (err) {
        reply.log.error({ err }, 'database unreachable');
        return reply.status(503).send({ errors: { detail: 'Database unreachable' } });
      }
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );

  if (e2e) {
    // Browser tests need a real 500 to check the toast; this route exists only when E2E=1.
    app.get('/__test__/error', { config: { access: PUBLIC }, schema: { hide: true } }, async () => {
      throw new Error('Deliberate failure for the browser tests');
    });
  }
}
