import { REQUEST_NUMBER_PATTERN } from '@app/shared';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clients } from '../directory/clients.table.ts';
import { type NotificationItem, notifyMany } from '../notifications/notifications.service.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Who a message is about (decision 0014): a client by address (the sender of an incoming message,
 * the recipients of a sent one, against `clients.email`; archived clients are left out) and a
 * request by its number in the subject (`BSLF-2026-00042`). A request, the more precise of the
 * two, brings its own client: a message is never linked to a request and another client.
 */

export interface LinkQuestion {
  direction: 'in' | 'out';
  fromAddress: string;
  /** To and Cc. */
  recipients: readonly string[];
  subject: string;
}

export interface FoundLinks {
  clientId: number | null;
  requestId: number | null;
}

interface RequestRef {
  id: number;
  number: string;
  clientId: number;
}

/** The request numbers a subject names, in order (each once). */
export function requestNumbersIn(subject: string): string[] {
  return [...new Set(subject.match(REQUEST_NUMBER_PATTERN) ?? [])];
}

const addressesOf = (q: LinkQuestion): string[] =>
  (q.direction === 'in' ? [q.fromAddress] : [...q.recipients]).map((a) => a.toLowerCase()).filter(Boolean);

/** The links of many messages at once: two queries whatever the batch's size. */
export async function findLinks(tx: Tx, questions: readonly LinkQuestion[]): Promise<FoundLinks[]> {
  const addresses = [...new Set(questions.flatMap(addressesOf))];
  const numbers = [...new Set(questions.flatMap((q) => requestNumbersIn(q.subject)))];
  const [clientRows, requestRows] = await Promise.all([
    addresses.length
      ? tx
          .select({ id: clients.id, email: clients.email })
          .from(clients)
          .where(and(inArray(clients.email, addresses), isNull(clients.archived_at)))
      : [],
    numbers.length
      ? tx
          .select({ id: requests.id, number: requests.number, clientId: requests.client_id })
          .from(requests)
          .where(inArray(requests.number, numbers))
      : [],
  ]);
  const clientByAddress = new Map(clientRows.map((c) => [c.email ?? '', c.id]));
  const requestByNumber = new Map<string, RequestRef>(requestRows.map((r) => [r.number, r]));
  return questions.map((q) => {
    const request = requestNumbersIn(q.subject)
      .map((n) => requestByNumber.get(n))
      .find((r) => r !== undefined);
    if (request) return { clientId: request.clientId, requestId: request.id };
    const clientId = addressesOf(q)
      .map((a) => clientByAddress.get(a))
      .find((id) => id !== undefined);
    return { clientId: clientId ?? null, requestId: null };
  });
}

/** The client of a request (a sender that chose the request but not the client). */
export async function clientOfRequest(tx: Tx, requestId: number): Promise<number | null> {
  const [row] = await tx
    .select({ clientId: requests.client_id })
    .from(requests)
    .where(eq(requests.id, requestId));
  return row?.clientId ?? null;
}

export interface NewEmail {
  /** The stored row's id: the notice opens `/mail?message=<id>`. */
  messageId: number;
  fromName: string;
  fromAddress: string;
  subject: string;
  clientId: number | null;
  requestId: number | null;
}

/** "New email from Ann Lee: Dates", within the notifications' title bound. */
export function newEmailTitle(fromName: string, fromAddress: string, subject: string): string {
  const who = fromName.trim() || fromAddress || 'unknown sender';
  return `New email from ${who}: ${subject.trim() || '(no subject)'}`;
}

/**
 * NewEmail for each stored incoming message that got linked: to the client's FO manager and the
 * request's FO and BO managers (each person once per message), in `tx`, so the notices exist
 * exactly when the messages do and are published after the commit. Only people who may read the
 * message hear of it: an Admin, or an active user of the mailbox's office (a manager in another
 * office would get a notice, with its sender and subject, for a message that is a 404 to them).
 */
export async function raiseNewEmail(tx: Tx, mailboxRegionId: number, emails: readonly NewEmail[]) {
  const linked = emails.filter((e) => e.clientId !== null || e.requestId !== null);
  if (linked.length === 0) return;
  const clientIds = [...new Set(linked.flatMap((e) => (e.clientId === null ? [] : [e.clientId])))];
  const requestIds = [...new Set(linked.flatMap((e) => (e.requestId === null ? [] : [e.requestId])))];
  const [clientRows, requestRows] = await Promise.all([
    clientIds.length
      ? tx
          .select({ id: clients.id, fo: clients.fo_manager_id })
          .from(clients)
          .where(inArray(clients.id, clientIds))
      : [],
    requestIds.length
      ? tx
          .select({ id: requests.id, fo: requests.fo_manager_id, bo: requests.bo_manager_id })
          .from(requests)
          .where(inArray(requests.id, requestIds))
      : [],
  ]);
  const clientManagers = new Map(clientRows.map((c) => [c.id, [c.fo]]));
  const requestManagers = new Map(requestRows.map((r) => [r.id, [r.fo, r.bo]]));
  const addressees = (e: NewEmail): number[] => {
    const ids = [
      ...(e.clientId === null ? [] : (clientManagers.get(e.clientId) ?? [])),
      ...(e.requestId === null ? [] : (requestManagers.get(e.requestId) ?? [])),
    ];
    return [...new Set(ids.filter((id): id is number => id !== null))];
  };
  const everyone = [...new Set(linked.flatMap(addressees))];
  if (everyone.length === 0) return;
  const readers = new Set(
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            inArray(users.id, everyone),
            eq(users.is_active, true),
            or(eq(users.role, 'Admin'), eq(users.region_id, mailboxRegionId)),
          ),
        )
    ).map((u) => u.id),
  );
  const items: NotificationItem[] = linked
    .map((e) => ({
      userIds: addressees(e).filter((id) => readers.has(id)),
      message: {
        type: 'NewEmail',
        title: newEmailTitle(e.fromName, e.fromAddress, e.subject),
        data: { message_id: e.messageId },
      },
    }))
    .filter((item) => item.userIds.length > 0);
  if (items.length) await notifyMany(tx, items);
}
