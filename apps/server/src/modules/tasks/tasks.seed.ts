import type { TaskPriority, TaskStatus } from '@app/shared';
import { asc, desc, inArray, isNull } from 'drizzle-orm';
import type { SeedContext } from '../../platform/module.ts';
import { type ChangeEntry, recordChanges } from '../audit/audit.service.ts';
import { clients } from '../directory/clients.table.ts';
import { notify } from '../notifications/notifications.service.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { taskSnapshot, toTask } from './tasks.mappers.ts';
import { taskSearchVector, tasksRepository } from './tasks.repository.ts';
import { TASK_ENTITY } from './tasks.service.ts';
import { tasks } from './tasks.table.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Index into [Admin, FO, BO]. */
type Who = 0 | 1 | 2;
type Plan = [
  assignee: Who,
  author: Who,
  status: TaskStatus,
  priority: TaskPriority,
  /** Hours from now; null: no deadline. */
  dueInHours: number | null,
  createdDaysAgo: number,
  link: 'request' | 'client' | null,
  title: string,
  description: string,
];

// For each of Admin (0), Fiona FO (1) and Boris BO (2): tasks in every status, set by the others
// and by themselves; some overdue, one due within the day, some Urgent, some linked.
// biome-ignore format: one task per row reads as a table
const PLANS: Plan[] = [
  [1, 0, 'Not started', 'Urgent', -26, 4, 'request', 'Call the client about the transfer times',
    'They land at 14:20; confirm the car waits at the VIP terminal.'],
  [1, 2, 'Not started', 'Normal', 50, 1, 'client', 'Send the hotel offers for the May trip',
    'Three options in Dubai Marina, sea view, with breakfast.'],
  [1, 0, 'In progress', 'Urgent', 18, 3, 'request', 'Collect passport copies for the visa',
    'All four travellers; scans in colour, both pages.'],
  [1, 1, 'In progress', 'Normal', -72, 9, 'client', 'Update the client card with the new phone', ''],
  [1, 2, 'Control', 'Normal', -5, 6, 'request', 'Confirm the restaurant for the anniversary dinner',
    'Table for two, terrace, 20:30; flowers on the table.'],
  [1, 0, 'Completed', 'Normal', -48, 12, 'request', 'Ask the hotel for a late check-out',
    'Until 18:00 on the day of departure.'],
  [1, 1, 'Not started', 'Normal', null, 2, null, 'Prepare the welcome pack', 'Map, SIM card and the restaurant list.'],
  [2, 1, 'Not started', 'Urgent', -50, 8, 'request', 'Chase the supplier invoice for the yacht charter',
    'The broker promised it last week; we cannot record the bill without it.'],
  [2, 0, 'Not started', 'Normal', 70, 1, 'request', 'Book the airport lounge for the return flight', ''],
  [2, 1, 'In progress', 'Normal', 20, 2, 'request', 'Reconfirm the chauffeur for Saturday',
    'Full day at disposal, from 09:00.'],
  [2, 2, 'In progress', 'Urgent', -10, 5, 'request', 'Check the prepayment reached the hotel',
    'Ask for their receipt and attach it to the request.'],
  [2, 1, 'Control', 'Urgent', 30, 4, 'client', 'Get the cancellation terms in writing',
    'The supplier changed them on the phone; we need the email.'],
  [2, 0, 'Completed', 'Normal', -96, 15, 'client', 'Send the tickets to the client', ''],
  [2, 0, 'Control', 'Normal', 40, 3, 'request', 'Confirm the guide speaks Russian', 'Half a day in the old town.'],
  [0, 1, 'Not started', 'Urgent', -30, 3, null, 'Review the overdue supplier payments',
    'List them by office and ask the managers for the reasons.'],
  [0, 2, 'Not started', 'Normal', 120, 1, null, 'Approve the new membership prices',
    'The One and the trial period, from next month.'],
  [0, 0, 'In progress', 'Normal', 22, 2, 'client', 'Check the blacklisted client has no open requests', ''],
  [0, 1, 'In progress', 'Urgent', -3, 6, 'request', 'Decide on the refund for the canceled transfer',
    'The client asks for the full amount; the supplier keeps 20%.'],
  [0, 2, 'Control', 'Normal', -20, 7, null, 'Sign off the Dubai office rota', ''],
  [0, 1, 'Completed', 'Normal', -200, 20, null, 'Renew the card terminal contract', 'Compare the two offers first.'],
];

/** Demo deadlines fall on the hour (the form's minutes come in steps of 5). */
const onTheHour = (ms: number) => Math.round(ms / HOUR) * HOUR;

/**
 * Demo tasks (issue 13): for Admin, FO and BO (the Accountant has no tasks) tasks in every status,
 * set by each other and by themselves, some overdue, one due within the day each, some Urgent,
 * linked to demo requests and clients; with their history and a NewTask notice (unread) for each
 * open task someone else set in the last days. Runs after the requests seed.
 */
export async function seedTasks({ db, now }: SeedContext): Promise<void> {
  const emails = ['admin@example.com', 'fo@example.com', 'bo@example.com'];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const team = emails.map((e) => people.find((p) => p.email === e)?.id);
  if (team.some((id) => id === undefined)) return;
  const ids = team as number[];
  const requestRows = await db
    .select({ id: requests.id })
    .from(requests)
    .where(isNull(requests.canceled_at))
    .orderBy(desc(requests.id))
    .limit(12);
  const clientRows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(isNull(clients.archived_at))
    .orderBy(asc(clients.id))
    .limit(12);

  const rows = await db
    .insert(tasks)
    .values(
      PLANS.map(([assignee, author, status, priority, dueIn, daysAgo, link, title, description], i) => {
        const created = new Date(now.getTime() - daysAgo * DAY - (i % 5) * HOUR);
        const request = link === 'request' ? requestRows[i % Math.max(requestRows.length, 1)] : undefined;
        const client = link === 'client' ? clientRows[i % Math.max(clientRows.length, 1)] : undefined;
        return {
          title,
          description,
          priority,
          status,
          assignee_id: ids[assignee]!,
          author_id: ids[author]!,
          deadline: dueIn === null ? null : new Date(onTheHour(now.getTime() + dueIn * HOUR)),
          request_id: request?.id ?? null,
          client_id: client?.id ?? null,
          search_vector: taskSearchVector(title, description),
          created_at: created,
          updated_at: created,
          completed_at: status === 'Completed' ? new Date(created.getTime() + DAY) : null,
        };
      }),
    )
    .returning({ id: tasks.id });

  const views = await tasksRepository.viewsByIds(
    db,
    rows.map((r) => r.id),
  );
  const entries: ChangeEntry[] = views.map((v) => ({
    entity: TASK_ENTITY,
    id: v.task.id,
    before: null,
    after: taskSnapshot(toTask(v, now)),
  }));
  await recordChanges(db, null, entries);

  for (const v of views.sort((a, b) => a.task.id - b.task.id)) {
    const t = v.task;
    const recent = now.getTime() - t.created_at.getTime() <= 4 * DAY;
    if (t.assignee_id !== t.author_id && recent && t.status === 'Not started')
      await notify(db, [t.assignee_id], {
        type: 'NewTask',
        title: `New task: ${t.title}`,
        data: { task_id: t.id },
      });
  }
}
