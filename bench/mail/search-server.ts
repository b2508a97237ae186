/**
 * The mail search bench's server process (bench/support/bench-server.ts): BENCH_MESSAGES stored
 * messages in four offices' mailboxes. `measure` times the list's service call in-process (the
 * SQL and the driver, without HTTP, validation and JSON), to print beside the route's time.
 */
import { MailMessageListQuerySchema } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { createMessagesService } from '../../apps/server/src/modules/mail/messages.service.ts';
import type { AuthUser } from '../../apps/server/src/platform/auth-user.ts';
import { issueToken } from '../../apps/server/src/test/tokens.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { LIST_CALLS, type MailSample, RARE_CANDIDATES } from './search-filters.ts';
import { generateMailboxes, generateMessages, messagesSize } from './search-generate.ts';

const env = process.env;
const MESSAGES = Number(env.BENCH_MESSAGES ?? 500_000);
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

await startBenchServer({
  name: 'mail_search',
  async fill(db, log) {
    const t0 = Date.now();
    await generateMailboxes(db);
    const have = await messagesSize(db);
    if (have < MESSAGES) {
      log(`generating ${MESSAGES - have} messages...`);
      await generateMessages(db, MESSAGES - have, log);
    }
    log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  },
  analyze: ['mailboxes', 'mail_folders', 'mail_messages'],
  sample: async (db): Promise<MailSample> => {
    const [box] = await rowsOf<{ mailbox: number; inbox: number }>(
      db.execute(sql`select m.id as mailbox, f.id as inbox from mailboxes m
        join regions r on r.id = m.region_id join mail_folders f on f.mailbox_id = m.id and f.path = 'INBOX'
        where r.title = 'London'`),
    );
    const [counts] = await rowsOf<{ mailbox: number; inbox: number }>(
      db.execute(sql`select count(*)::int as mailbox, count(*) filter (where folder_id = ${box!.inbox})::int as inbox
        from mail_messages where mailbox_id = ${box!.mailbox}`),
    );
    // rare words that are in the London mailbox (a handful of messages each)
    const rare: string[] = [];
    for (const w of RARE_CANDIDATES) {
      const [hit] = await rowsOf<{ n: number }>(
        db.execute(sql`select count(*)::int as n from mail_messages
          where mailbox_id = ${box!.mailbox} and search_vector @@ ${`'${w}'`}::tsquery`),
      );
      if ((hit?.n ?? 0) > 0) rare.push(w);
      if (rare.length === 8) break;
    }
    return {
      messages: await messagesSize(db),
      mailbox: box!.mailbox,
      inbox: box!.inbox,
      mailboxMessages: counts!.mailbox,
      inboxMessages: counts!.inbox,
      readerToken: await issueToken(db, 'bo@example.com'),
      rareWords: rare,
    };
  },
  measures: (sample: MailSample) => {
    const users = new Map<string, AuthUser>();
    const userOf = async (db: Db, email: string) => {
      if (!users.has(email)) {
        const [u] = await rowsOf<AuthUser>(db.execute(sql`select * from users where email = ${email}`));
        users.set(email, u!);
      }
      return users.get(email)!;
    };
    return Object.fromEntries(
      LIST_CALLS.map((c) => [
        c.name,
        async (db: Db, run: number) => {
          const q = MailMessageListQuerySchema.parse({ limit: '20', ...c.query(sample, run) });
          const reader = await userOf(db, c.as === 'admin' ? 'admin@example.com' : 'bo@example.com');
          return createMessagesService({ db }).list(reader, q);
        },
      ]),
    );
  },
});
