import { asc, isNull } from 'drizzle-orm';
import type { SeedContext } from '../../platform/module.ts';
import { clients } from '../directory/clients.table.ts';
import { users } from '../users/users.table.ts';
import { type NotificationInsert, notificationsRepository } from './notifications.repository.ts';

const SUBJECTS = [
  'Change of dates for the Dubai stay',
  'Question about the invoice',
  'Transfer from the airport',
  'Passport copies attached',
  'Thank you for the wonderful trip',
];
const HOUR_MS = 60 * 60 * 1000;

/**
 * A bell with something in it for every demo user: mail from clients (the modules seeded later,
 * requests and tasks, add their own kinds), the last three unread, older ones read. Stored
 * directly: the seed runs before any socket exists.
 */
export async function seedNotifications({ db, now }: SeedContext): Promise<void> {
  const people = await db.select({ id: users.id }).from(users).orderBy(asc(users.id));
  const senders = await db
    .select({ id: clients.id, first_name: clients.first_name, last_name: clients.last_name })
    .from(clients)
    .where(isNull(clients.archived_at))
    .orderBy(asc(clients.id))
    .limit(SUBJECTS.length * 2);
  if (senders.length === 0) return;
  const rows: NotificationInsert[] = [];
  people.forEach((person, p) => {
    SUBJECTS.forEach((subject, i) => {
      const client = senders[(p + i) % senders.length]!;
      const created = new Date(now.getTime() - (i * 7 + p + 1) * HOUR_MS);
      rows.push({
        user_id: person.id,
        type: 'NewEmail',
        title: `New email from ${client.first_name} ${client.last_name}: ${subject}`,
        data: { client_id: client.id },
        created_at: created,
        // the newest three are waiting; the older ones were read an hour after they came
        read_at: i < 3 ? null : new Date(created.getTime() + HOUR_MS),
      });
    });
  });
  await notificationsRepository.insertMany(db, rows);
}
