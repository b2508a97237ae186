import { inArray } from 'drizzle-orm';
import type { SeedContext } from '../../platform/module.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { users } from '../users/users.table.ts';
import { type ChannelRecord, chatRepository as repo } from './chat.repository.ts';
import { chatMembers, chatMessages } from './chat.table.ts';

type Who = 'admin' | 'accountant' | 'fo' | 'bo';
const EMAILS: Record<Who, string> = {
  admin: 'admin@example.com',
  accountant: 'accountant@example.com',
  fo: 'fo@example.com',
  bo: 'bo@example.com',
};

/** [who, text]: read oldest first. */
type Line = [Who, string];

const OPERATIONS: Line[] = [
  ['admin', 'Good morning all. Quick round before the week gets busy: anything stuck?'],
  ['fo', 'The Al Habtoor group (12 rooms) is still waiting for the hotel’s final confirmation.'],
  ['bo', 'I chased them yesterday. They promised the confirmation by noon today.'],
  ['accountant', 'Reminder: supplier bills for last month need to be in by Friday.'],
  ['admin', 'Thanks Arthur. Boris, can you make sure the transfer bills are attached?'],
  ['bo', 'Will do. Two are missing from the limousine company, I have asked again.'],
  ['fo', 'Client asked whether we can move the airport pickup to 06:30 instead of 07:00.'],
  ['bo', 'Done, driver confirmed 06:30. Same car and driver.'],
  ['fo', 'Great, thank you!'],
  ['accountant', 'The Emirates invoice came in EUR although the request is in USD. Which rate do we use?'],
  ['admin', 'The rate of the invoice date. Please note it on the LOG record.'],
  ['accountant', 'Noted.'],
  ['fo', 'New request from Mrs Carter: 5 nights in Paris, late May, two rooms.'],
  ['bo', 'I will ask the Bristol and the Peninsula for availability.'],
  ['fo', 'She prefers a suite if the price difference is reasonable.'],
  ['bo', 'Peninsula has a junior suite, about 18% above the deluxe room.'],
  ['fo', 'Sending her both options now.'],
  ['admin', 'Reminder: the rates were updated this morning, please refresh before quoting.'],
  ['accountant', 'Three client invoices are overdue more than 30 days, I have put them on the Debts report.'],
  ['admin', 'Fiona, one of them is your client (Harper). Could you give them a call?'],
  ['fo', 'Yes, I will call this afternoon.'],
  ['fo', 'Harper says the payment went out on Monday, by wire.'],
  ['accountant', 'Found it in the statement, matching it now.'],
  ['bo', 'The yacht charter in Dubai needs a 30% deposit by tomorrow.'],
  ['accountant', 'Payment voucher is ready, waiting for approval.'],
  ['admin', 'Approved.'],
  ['bo', 'Thank you, the supplier confirmed receipt.'],
  ['fo', 'Mrs Carter chose the Peninsula junior suite.'],
  ['bo', 'Booking it now, will send the confirmation to the request.'],
  ['bo', 'Confirmation attached to the request, the line is Confirmed.'],
  ['accountant', 'I will invoice it once the deposit terms are clear.'],
  ['admin', 'Please remember the team meeting tomorrow at 10:00 London time.'],
  ['fo', 'I will join from Dubai by video.'],
  ['accountant', 'The LOG for request 1042 has been sent back for correction: the cost is missing.'],
  ['bo', 'Sorry, my fault. Added the cost and resubmitted.'],
  ['accountant', 'Confirmed, thank you.'],
  ['admin', 'Good work everyone this week.'],
  ['fo', 'Could someone check the visa service for the Ivanov family? Their passports arrived.'],
  ['bo', 'On it. I will book the appointment for Thursday.'],
  ['accountant', 'The VAT report for the quarter is ready for review.'],
];

const DIRECT: Line[] = [
  ['fo', 'Hi Boris, do you have a minute about the Carter booking?'],
  ['bo', 'Sure, what is up?'],
  ['fo', 'She wants an early check-in on the first day. Can the hotel guarantee it?'],
  ['bo', 'Only if we book the night before. Otherwise it is on request.'],
  ['fo', 'How much would the extra night be?'],
  ['bo', 'About 950 EUR for the junior suite.'],
  ['fo', 'Too much, I think. Let us ask on request and tell her it is not guaranteed.'],
  ['bo', 'Agreed, I will add the note to the booking.'],
  ['fo', 'Also: the transfer from CDG, sedan or van? They have four suitcases.'],
  ['bo', 'A van to be safe. Same price at this supplier.'],
  ['fo', 'Perfect, please book it.'],
  ['bo', 'Booked. Driver will wait at arrivals with a name sign.'],
  ['bo', 'The hotel just answered: early check-in is likely but not guaranteed.'],
  ['bo', 'They also offer a free upgrade to a one bedroom suite if available on arrival.'],
  ['bo', 'Shall I tell the client or will you?'],
];

const MINUTE_MS = 60 * 1000;
/** Office hours in UTC (London and Dubai overlap): the demo talk happens within them. */
const DAY_START_H = 7;
const DAY_END_H = 17;

/** The latest moment within office hours at or before `at`. */
function withinHours(at: number): number {
  const d = new Date(at);
  const h = d.getUTCHours();
  if (h >= DAY_START_H && h < DAY_END_H) return at;
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), DAY_END_H);
  return h >= DAY_END_H ? end - MINUTE_MS : end - 24 * 60 * MINUTE_MS - MINUTE_MS;
}

/** `count` times going back from `newest` by 3 to `maxGap` minutes, in office hours; oldest first. */
function conversationTimes(newest: number, count: number, maxGap: number, random: () => number): Date[] {
  const times: number[] = [];
  let at = withinHours(newest);
  for (let i = 0; i < count; i++) {
    times.push(at);
    at = withinHours(at - (3 + Math.floor(random() * (maxGap - 3))) * MINUTE_MS);
  }
  return times.reverse().map((t) => new Date(t));
}

interface ChannelSpec {
  kind: 'direct' | 'group';
  title: string;
  members: Who[];
  lines: Line[];
  times: Date[];
  /** How many of the newest messages each member has not read yet (the rest are read). */
  unread: Partial<Record<Who, number>>;
}

/**
 * Two channels with history among the demo users: the "Operations" group of all four and a direct
 * channel between Fiona (FO) and Boris (BO), each with a few messages Fiona and Boris have not read.
 * The messages of both are written in time order, so ids follow time as they do in use.
 */
export async function seedChat({ db, now }: SeedContext): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(EMAILS)));
  const idOf = (who: Who) => rows.find((r) => r.email === EMAILS[who])?.id;
  const entries = (Object.keys(EMAILS) as Who[]).map((who) => [who, idOf(who)] as const);
  if (entries.some(([, id]) => id === undefined)) return; // not the demo accounts: nothing to seed
  const ids = Object.fromEntries(entries) as Record<Who, number>;

  const random = seededRandom(13);
  // the group spoke last, the direct channel a while before (strictly: withinHours only moves back)
  const groupNewest = withinHours(now.getTime() - 25 * MINUTE_MS);
  const directNewest = withinHours(groupNewest - 45 * MINUTE_MS);
  const specs: ChannelSpec[] = [
    {
      kind: 'group',
      title: 'Operations',
      members: ['admin', 'accountant', 'fo', 'bo'],
      lines: OPERATIONS,
      times: conversationTimes(groupNewest, OPERATIONS.length, 120, random),
      unread: { fo: 4, bo: 3, accountant: 6 },
    },
    {
      kind: 'direct',
      title: '',
      members: ['fo', 'bo'],
      lines: DIRECT,
      times: conversationTimes(directNewest, DIRECT.length, 40, random),
      unread: { fo: 3 },
    },
  ];

  const channels: ChannelRecord[] = [];
  for (const spec of specs) {
    const memberIds = spec.members.map((w) => ids[w]);
    channels.push(
      await repo.insertChannel(db, {
        kind: spec.kind,
        title: spec.title,
        direct_key: spec.kind === 'direct' ? `${Math.min(...memberIds)}:${Math.max(...memberIds)}` : null,
        created_by: memberIds[0]!,
        created_at: new Date(spec.times[0]!.getTime() - 60 * MINUTE_MS),
      }),
    );
  }
  const values = specs
    .flatMap((spec, c) =>
      spec.lines.map(([who, body], i) => ({
        channel_id: channels[c]!.id,
        author_id: ids[who],
        body,
        created_at: spec.times[i]!,
      })),
    )
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  const inserted = await db
    .insert(chatMessages)
    .values(values)
    .returning({ id: chatMessages.id, channel_id: chatMessages.channel_id });

  for (const [c, spec] of specs.entries()) {
    const channel = channels[c]!;
    const messageIds = inserted
      .filter((m) => m.channel_id === channel.id)
      .map((m) => m.id)
      .sort((a, b) => a - b);
    await repo.touchChannel(db, channel.id, messageIds.at(-1)!);
    await db.insert(chatMembers).values(
      spec.members.map((who) => {
        const read = messageIds.length - (spec.unread[who] ?? 0);
        return {
          channel_id: channel.id,
          user_id: ids[who],
          last_read_message_id: read > 0 ? messageIds[read - 1]! : null,
          joined_at: new Date(spec.times[0]!.getTime() - 60 * MINUTE_MS),
        };
      }),
    );
  }
}
