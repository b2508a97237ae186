/**
 * The tasks bench's server process (bench/support/bench-server.ts): BENCH_USERS staff and
 * BENCH_TASKS tasks between them. `measure` times the list's repository call in-process (the SQL
 * and the driver, without HTTP, validation and JSON), to print beside the route's time.
 */
import { TaskListQuerySchema } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { tasksRepository } from '../../apps/server/src/modules/tasks/tasks.repository.ts';
import { issueToken } from '../../apps/server/src/test/tokens.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { LIST_FILTERS, type TasksSample } from './filters.ts';
import { benchUsersSize, generateTasks, generateUsers, tasksSize } from './generate.ts';

const env = process.env;
const USERS = Number(env.BENCH_USERS ?? 50);
const TASKS = Number(env.BENCH_TASKS ?? 100_000);
/** How many of the bench users the "mine" calls rotate over. */
const PEOPLE = 8;
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

await startBenchServer({
  name: 'tasks',
  async fill(db, log) {
    const t0 = Date.now();
    if ((await benchUsersSize(db)) < USERS) await generateUsers(db, USERS);
    const have = await tasksSize(db);
    if (have < TASKS) {
      log(`generating ${TASKS - have} tasks between ${USERS} users...`);
      await generateTasks(db, TASKS - have, log);
    }
    log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  },
  analyze: ['users', 'tasks'],
  sample: async (db): Promise<TasksSample> => {
    const people = await rowsOf<{ id: number; email: string }>(
      db.execute(
        sql`select id, email from users where email like 'bench-user-%' order by id limit ${PEOPLE}`,
      ),
    );
    const admin = await rowsOf<{ id: number }>(
      db.execute(sql`select id from users where email = 'admin@example.com'`),
    );
    return {
      tasks: await tasksSize(db),
      users: await benchUsersSize(db),
      people: await Promise.all(
        people.map(async (p) => ({ id: p.id, token: await issueToken(db, p.email) })),
      ),
      adminId: admin[0]!.id,
    };
  },
  measures: (sample: TasksSample) =>
    Object.fromEntries(
      LIST_FILTERS.map((f) => [
        f.name,
        async (db: Db, run: number) => {
          const q = TaskListQuerySchema.parse({ limit: '20', ...f.query(sample, run) });
          const viewer = f.as === 'admin' ? sample.adminId : sample.people[run % sample.people.length]!.id;
          return tasksRepository.list(db, { ...q, viewer, now: new Date() }, q.limit, q.offset);
        },
      ]),
    ),
});
