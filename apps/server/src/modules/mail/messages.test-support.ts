import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { searchVector } from '../../platform/full-text-search.ts';
import type { TestContext } from '../../test/harness.ts';
import { regions } from '../rates/regions.table.ts';
import { mailAttachments, mailFolders, mailMessages } from './mail.table.ts';

/** Settings of a mailbox as the Admin's form sends them (servers that need not exist). */
export function mailboxBody(office: number, overrides: Record<string, unknown> = {}) {
  return {
    office,
    name: `Office ${office}`,
    address: `office${office}@example.com`,
    imap_host: '127.0.0.1',
    imap_port: 993,
    imap_security: 'tls',
    imap_user: `office${office}@example.com`,
    imap_password: `imap-secret-${office}`,
    smtp_host: '127.0.0.1',
    smtp_port: 465,
    smtp_security: 'tls',
    smtp_user: `office${office}@example.com`,
    smtp_password: `smtp-secret-${office}`,
    ...overrides,
  };
}

export async function createMailbox(t: TestContext, token: string, body: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: 'mail/mailboxes/', token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number };
}

export async function officeId(t: TestContext, title: string): Promise<number> {
  const rows = await t.database.db.select({ id: regions.id }).from(regions).where(eq(regions.title, title));
  return rows[0]!.id;
}

export async function insertFolder(
  db: Db,
  mailboxId: number,
  path: string,
  role: 'inbox' | 'sent' | null = null,
) {
  const [row] = await db
    .insert(mailFolders)
    .values({ mailbox_id: mailboxId, path, name: path, role, uidvalidity: 1 })
    .returning();
  return row!;
}

let uid = 0;

/** A stored message as the sync would leave it (the search vector built the same way). */
export async function insertMessage(
  db: Db,
  m: {
    mailbox: number;
    folder: number | null;
    subject: string;
    fromName?: string;
    from?: string;
    text?: string;
    html?: string | null;
    date?: Date;
    seen?: boolean;
    direction?: 'in' | 'out';
    client?: number | null;
    request?: number | null;
    linkedBy?: 'auto' | 'user' | null;
  },
): Promise<number> {
  uid += 1;
  const from = m.from ?? 'sender@example.org';
  const fromName = m.fromName ?? 'Sender';
  const text = m.text ?? `Body of ${m.subject}`;
  const to = [{ name: 'Office', address: 'office@example.com' }];
  const [row] = await db
    .insert(mailMessages)
    .values({
      mailbox_id: m.mailbox,
      folder_id: m.folder,
      uidvalidity: 1,
      uid,
      message_id: `<test-${uid}@example.org>`,
      direction: m.direction ?? 'in',
      from_name: fromName,
      from_address: from,
      to,
      subject: m.subject,
      date: m.date ?? new Date(Date.UTC(2026, 0, 1) + uid * 60_000),
      text,
      html: m.html ?? null,
      snippet: text.slice(0, 100),
      seen_at: m.seen ? new Date() : null,
      client_id: m.client ?? null,
      request_id: m.request ?? null,
      linked_by: m.linkedBy ?? (m.client || m.request ? 'auto' : null),
      search_vector: searchVector([
        fromName,
        from,
        ...to.map((a) => `${a.name} ${a.address}`),
        m.subject,
        text,
      ]),
    })
    .returning({ id: mailMessages.id });
  return row!.id;
}

export async function insertAttachment(
  db: Db,
  a: {
    message: number;
    position: number;
    filename: string;
    contentType: string;
    size: number;
    hash: string | null;
    contentId?: string;
  },
) {
  await db.insert(mailAttachments).values({
    message_id: a.message,
    position: a.position,
    filename: a.filename,
    content_type: a.contentType,
    size: a.size,
    content_hash: a.hash,
    content_id: a.contentId ?? null,
  });
}
