import type { TaskPriority, TaskStatus } from '@app/shared';
import { asc, inArray, isNull } from 'drizzle-orm';
import type { SeedContext } from '../../platform/module.ts';
import { type ChangeEntry, recordChanges } from '../audit/audit.service.ts';
import { clients } from '../directory/clients.table.ts';
import { notify } from '../notifications/notifications.service.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { taskSnapshot, toTask } from './tasks.mappers.ts';
import { taskSearchText, tasksRepository } from './tasks.repository.ts';
import { TASK_ENTITY } from './tasks.service.ts';
import { tasks } from './tasks.table.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A demo task as written here: who does it for whom, when it is due (hours from now) and what it is about. */
interface Plan {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** Index into [Admin, FO, BO]. */
  assignee: 0 | 1 | 2;
  author: 0 | 1 | 2;
  /** Hours from `now`; null: no deadline. */
  dueIn: number | null;
  createdDaysAgo: number;
  link: 'request' | 'client' | null;
}

// For each of Admin (0), Fiona FO (1) and Boris BO (2): tasks in every status, set by the others
// and by themselves; some overdue, one due within the day, some Urgent, some linked.
const PLANS: Plan[] = [
  // Fiona Front (FO)
  {
    title: 'Call the client about the transfer times',
    description: 'They land at 14:20; confirm the car waits at the VIP terminal.',
    status: 'Not started',
    priority: 'Urgent',
    assignee: 1,
    author: 0,
    dueIn: -26,
    createdDaysAgo: 4,
    link: 'request',
  },
  {
    title: 'Send the hotel offers for the May trip',
    description: 'Three options in Dubai Marina, sea view, with breakfast.',
    status: 'Not started',
    priority: 'Normal',
    assignee: 1,
    author: 2,
    dueIn: 50,
    createdDaysAgo: 1,
    link: 'client',
  },
  {
    title: 'Collect passport copies for the visa',
    description: 'All four travellers; scans in colour, both pages.',
    status: 'In progress',
    priority: 'Urgent',
    assignee: 1,
    author: 0,
    dueIn: 18,
    createdDaysAgo: 3,
    link: 'request',
  },
  {
    title: 'Update the client card with the new phone',
    description: '',
    status: 'In progress',
    priority: 'Normal',
    assignee: 1,
    author: 1,
    dueIn: -72,
    createdDaysAgo: 9,
    link: 'client',
  },
  {
    title: 'Confirm the restaurant for the anniversary dinner',
    description: 'Table for two, terrace, 20:30; flowers on the table.',
    status: 'Control',
    priority: 'Normal',
    assignee: 1,
    author: 2,
    dueIn: -5,
    createdDaysAgo: 6,
    link: 'request',
  },
  {
    title: 'Ask the hotel for a late check-out',
    description: 'Until 18:00 on the day of departure.',
    status: 'Completed',
    priority: 'Normal',
    assignee: 1,
    author: 0,
    dueIn: -48,
    createdDaysAgo: 12,
    link: 'request',
  },
  {
    title: 'Prepare the welcome pack',
    description: 'Map, SIM card and the restaurant list.',
    status: 'Not started',
    priority: 'Normal',
    assignee: 1,
    author: 1,
    dueIn: null,
    createdDaysAgo: 2,
    link: null,
  },
  // Boris Back (BO)
  {
    title: 'Chase the supplier invoice for the yacht charter',
    description: 'The broker promised it last week; we cannot record the bill without it.',
    status: 'Not started',
    priority: 'Urgent',
    assignee: 2,
    author: 1,
    dueIn: -50,
    createdDaysAgo: 8,
    link: 'request',
  },
  {
    title: 'Book the airport lounge for the return flight',
    description: '',
    status: 'Not started',
    priority: 'Normal',
    assignee: 2,
    author: 0,
    dueIn: 70,
    createdDaysAgo: 1,
    link: 'request',
  },
  {
    title: 'Reconfirm the chauffeur for Saturday',
    description: 'Full day at disposal, from 09:00.',
    status: 'In progress',
    priority: 'Normal',
    assignee: 2,
    author: 1,
    dueIn: 20,
    createdDaysAgo: 2,
    link: 'request',
  },
  {
    title: 'Check the prepayment reached the hotel',
    description: 'Ask for their receipt and attach it to the request.',
    status: 'In progress',
    priority: 'Urgent',
    assignee: 2,
    author: 2,
    dueIn: -10,
    createdDaysAgo: 5,
    link: 'request',
  },
  {
    title: 'Get the cancellation terms in writing',
    description: 'The supplier changed them on the phone; we need the email.',
    status: 'Control',
    priority: 'Urgent',
    assignee: 2,
    author: 1,
    dueIn: 30,
    createdDaysAgo: 4,
    link: 'client',
  },
  {
    title: 'Send the tickets to the client',
    description: '',
    status: 'Completed',
    priority: 'Normal',
    assignee: 2,
    author: 0,
    dueIn: -96,
    createdDaysAgo: 15,
    link: 'client',
  },
  {
    title: 'Confirm the guide speaks Russian',
    description: 'Half a day in the old town.',
    status: 'Control',
    priority: 'Normal',
    assignee: 2,
    author: 0,
    dueIn: 40,
    createdDaysAgo: 3,
    link: 'request',
  },
  // Alice Admin
  {
    title: 'Review the overdue supplier payments',
    description: 'List them by office and ask the managers for the reasons.',
    status: 'Not started',
    priority: 'Urgent',
    assignee: 0,
    author: 1,
    dueIn: -30,
    createdDaysAgo: 3,
    link: null,
  },
  {
    title: 'Approve the new membership prices',
    description: 'The One and the trial period, from next month.',
    status: 'Not started',
    priority: 'Normal',
    assignee: 0,
    author: 2,
    dueIn: 120,
    createdDaysAgo: 1,
    link: null,
  },
  {
    title: 'Check the blacklisted client has no open requests',
    description: '',
    status: 'In progress',
    priority: 'Normal',
    assignee: 0,
    author: 0,
    dueIn: 22,
    createdDaysAgo: 2,
    link: 'client',
  },
  {
    title: 'Decide on the refund for the canceled transfer',
    description: 'The client asks for the full amount; the supplier keeps 20%.',
    status: 'In progress',
    priority: 'Urgent',
    assignee: 0,
    author: 1,
    dueIn: -3,
    createdDaysAgo: 6,
    link: 'request',
  },
  {
    title: 'Sign off the Dubai office rota',
    description: '',
    status: 'Control',
    priority: 'Normal',
    assignee: 0,
    author: 2,
    dueIn: -20,
    createdDaysAgo: 7,
    link: null,
  },
  {
    title: 'Renew the card terminal contract',
    description: 'Compare the two offers first.',
    status: 'Completed',
    priority: 'Normal',
    assignee: 0,
    author: 1,
    dueIn: -200,
    createdDaysAgo: 20,
    link: null,
  },
];

/** A deadline as the form makes it: on the hour or a multiple of 5 minutes. */
const roundTo5Minutes = (ms: number) => Math.round(ms / (5 * 60_000)) * 5 * 60_000;

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
    .orderBy(asc(requests.id))
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
      PLANS.map((p, i) => {
        const created = new Date(now.getTime() - p.createdDaysAgo * DAY - (i % 5) * HOUR);
        const deadline = p.dueIn === null ? null : new Date(roundTo5Minutes(now.getTime() + p.dueIn * HOUR));
        const request = p.link === 'request' ? requestRows[i % Math.max(requestRows.length, 1)] : undefined;
        const client = p.link === 'client' ? clientRows[i % Math.max(clientRows.length, 1)] : undefined;
        return {
          title: p.title,
          description: p.description,
          priority: p.priority,
          status: p.status,
          assignee_id: ids[p.assignee]!,
          author_id: ids[p.author]!,
          deadline,
          request_id: request?.id ?? null,
          client_id: client?.id ?? null,
          search_text: taskSearchText(p.title, p.description),
          created_at: created,
          updated_at: created,
          completed_at: p.status === 'Completed' ? new Date(created.getTime() + DAY) : null,
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
