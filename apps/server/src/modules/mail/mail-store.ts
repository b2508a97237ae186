import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { MAIL_ATTACHMENTS_MAX_BYTES, sanitiseUploadName } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { type AddressObject, type EmailAddress, type ParsedMail, simpleParser } from 'mailparser';
import type { Tx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { words } from '../../platform/full-text-search.ts';
import { mailAttachments, mailboxes, mailMessages } from './mail.table.ts';
import { clientOfRequest, findLinks, raiseNewEmail } from './mail-links.ts';

/**
 * A message parsed and its attachments written to the blob store, ready to insert: the slow part
 * (parsing, hashing, disk) happens outside any transaction, so a batch's transaction stays short.
 * OWNED BY the ingest helper (issue 14); the signatures below are the contract others code against.
 */
export interface PreparedMessage {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  fromName: string;
  fromAddress: string;
  to: { name: string; address: string }[];
  cc: { name: string; address: string }[];
  subject: string;
  date: Date;
  text: string;
  html: string | null;
  snippet: string;
  size: number;
  attachments: {
    position: number;
    filename: string;
    contentType: string;
    size: number;
    /** Null when over the bound: recorded by name and size only. */
    contentHash: string | null;
    contentId: string | null;
  }[];
}

export interface PrepareOptions {
  /** The date when the message has none (or an unreadable one): the server's arrival time. */
  receivedAt?: Date;
  /** Attachments over this many bytes are recorded by name and size only (a seam for tests). */
  attachmentMaxBytes?: number;
}

/** Where a broken message's source is kept, so nothing of it is lost. */
export const RAW_SOURCE_FILENAME = 'original-message.eml';
const ID_MAX = 998;
const NAME_MAX = 300;
const ADDRESS_MAX = 254;
const SNIPPET_LENGTH = 200;
const REFERENCES_MAX = 100;
const CONTENT_TYPE_MAX = 255;
/**
 * Distinct words of a message's search vector. The platform's `searchVector` keeps 64, enough for a
 * name but not for a letter's text; this many cover the head of a long one.
 */
export const MAIL_SEARCH_WORDS = 400;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const CONTROL_ANY = /[\u0000-\u001f\u007f]/g;

/** Text as PostgreSQL takes it (no NUL, which neither text nor jsonb holds) and without other controls. */
const cleanText = (value: string | undefined | null): string => (value ?? '').replace(CONTROL, '');
/** One line: every control character is a space. */
const cleanLine = (value: string | undefined | null, max: number): string =>
  (value ?? '').replace(CONTROL_ANY, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** `<id>` with its brackets; an id too long for the column is replaced by its hash (still unique). */
function normaliseId(raw: string | undefined | null): string | null {
  const value = cleanLine(raw, 10_000);
  if (!value) return null;
  const bracketed = value.startsWith('<') && value.endsWith('>') ? value : `<${value.replace(/^<|>$/g, '')}>`;
  if (bracketed.length <= ID_MAX) return bracketed;
  return `<${sha256(bracketed)}@long-id.backoffice>`;
}

/** The ids of a header value (`<a@x> <b@y>`), in order. */
function idsOf(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  const bracketed = text.match(/<[^<>\s]+>/g);
  const ids = bracketed ?? text.split(/\s+/).filter(Boolean);
  return ids.map((id) => normaliseId(id)).filter((id): id is string => id !== null);
}

function flattenAddresses(list: EmailAddress[]): { name: string; address: string }[] {
  return list.flatMap((a) =>
    a.group
      ? flattenAddresses(a.group)
      : [{ name: cleanLine(a.name, NAME_MAX), address: cleanLine(a.address, ADDRESS_MAX).toLowerCase() }],
  );
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  flattenAddresses((Array.isArray(field) ? field : field ? [field] : []).flatMap((o) => o.value)).filter(
    (a) => a.address || a.name,
  );

/** The Date header when it reads as a date (mailparser puts "now" in place of an unreadable one). */
function dateOf(parsed: ParsedMail | null): Date | null {
  const line = parsed?.headerLines?.find((h) => h.key === 'date')?.line;
  if (!line) return null;
  const d = new Date(line.replace(/^date:\s*/i, '').trim());
  const year = d.getUTCFullYear();
  return Number.isNaN(d.getTime()) || year < 1900 || year > 2999 ? null : d;
}

/** The body of a source: what follows the first blank line (the whole source when there is none). */
function bodyOf(source: Buffer): Buffer {
  const crlf = source.indexOf('\r\n\r\n');
  const lf = source.indexOf('\n\n');
  const cut = [crlf >= 0 ? crlf + 4 : -1, lf >= 0 ? lf + 2 : -1].filter((i) => i >= 0);
  return cut.length ? source.subarray(Math.min(...cut)) : source;
}

/** Bytes as text: UTF-8 when they are, Latin-1 otherwise (every byte is a character). */
function decodeLoosely(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

async function parse(source: Buffer): Promise<ParsedMail | null> {
  try {
    return await simpleParser(source, {
      // keep `cid:` links (the reader points them at the attachment), no text-to-HTML work
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
    });
  } catch {
    return null;
  }
}

/**
 * The words of an HTML body, for the snippet and the search. mailparser makes them itself only for a
 * message that is HTML alone; HTML beside attachments (multipart/mixed or related, as most mail
 * clients send it) comes without a text: its own HTML-to-text (the same bounds) reads it here.
 */
async function textOfHtml(html: string): Promise<string> {
  const wrapped = Buffer.from(
    `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${html}`,
  );
  try {
    const parsed = await simpleParser(wrapped, {
      skipImageLinks: true,
      skipTextLinks: true,
      skipTextToHtml: true,
    });
    return parsed.text ?? '';
  } catch {
    return '';
  }
}

/** Stores an attachment's bytes unless it is over the bound; answers the hash, or null. */
async function keep(blobs: BlobStore, content: Buffer, maxBytes: number): Promise<string | null> {
  if (content.length > maxBytes) return null;
  const stored = await blobs.put(Readable.from([content]), {
    maxBytes,
    tooLarge: 'Attachment too large',
  });
  return stored.hash;
}

function extensionOf(contentType: string): string {
  if (contentType === 'message/rfc822') return '.eml';
  const sub = /^[a-z]+\/([a-z0-9]{1,10})$/.exec(contentType)?.[1];
  return sub ? `.${sub}` : '';
}

/** Parses an RFC 822 source (broken MIME too: kept as text with the raw source attached). */
export async function prepareMessage(
  source: Buffer,
  blobs: BlobStore,
  opts: PrepareOptions = {},
): Promise<PreparedMessage> {
  const parsed = await parse(source);
  const body = bodyOf(source);
  const attachmentsIn = parsed?.attachments ?? [];
  const maxBytes = opts.attachmentMaxBytes ?? MAIL_ATTACHMENTS_MAX_BYTES;
  // mailparser reads almost anything, but a multipart without its boundary, or a body it cannot
  // decode, comes out empty: then the body is the text, and the source is kept whole.
  const broken =
    parsed === null ||
    (!parsed.text?.trim() &&
      !parsed.html &&
      attachmentsIn.length === 0 &&
      body.toString('latin1').trim() !== '');

  const attachments: PreparedMessage['attachments'] = [];
  for (const a of attachmentsIn) {
    const position = attachments.length + 1;
    const contentType =
      cleanLine(a.contentType, CONTENT_TYPE_MAX).toLowerCase() || 'application/octet-stream';
    attachments.push({
      position,
      filename:
        sanitiseUploadName(cleanLine(a.filename, 1000)) ??
        `attachment-${position}${extensionOf(contentType)}`,
      contentType,
      size: a.content.length,
      contentHash: await keep(blobs, a.content, maxBytes),
      contentId: cleanLine(a.cid ?? a.contentId?.replace(/^<|>$/g, ''), ID_MAX) || null,
    });
  }
  if (broken) {
    attachments.push({
      position: attachments.length + 1,
      filename: RAW_SOURCE_FILENAME,
      contentType: 'message/rfc822',
      size: source.length,
      contentHash: await keep(blobs, source, maxBytes),
      contentId: null,
    });
  }

  const from = parsed ? addressesOf(parsed.from)[0] : undefined;
  const html = !broken && parsed?.html ? cleanText(parsed.html) : null;
  let text = cleanText(broken ? decodeLoosely(body) : (parsed?.text ?? '')).trim();
  if (!text && html) text = cleanText(await textOfHtml(html)).trim();
  return {
    messageId: normaliseId(parsed?.messageId) ?? `<${sha256(source)}@backoffice>`,
    inReplyTo: idsOf(parsed?.inReplyTo)[0] ?? null,
    references: idsOf(parsed?.references).slice(-REFERENCES_MAX),
    fromName: from?.name ?? '',
    fromAddress: from?.address ?? '',
    to: parsed ? addressesOf(parsed.to) : [],
    cc: parsed ? addressesOf(parsed.cc) : [],
    subject: cleanLine(parsed?.subject, 10_000),
    date: dateOf(parsed) ?? opts.receivedAt ?? new Date(),
    text,
    html,
    snippet: text.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH),
    size: source.length,
    attachments,
  };
}

/** The message's search words: sender, recipients, subject and text, each distinct word once. */
export function messageSearchVector(m: PreparedMessage): string {
  const all = new Set<string>();
  const parts = [
    m.fromName,
    m.fromAddress,
    ...m.to.flatMap((a) => [a.name, a.address]),
    ...m.cc.flatMap((a) => [a.name, a.address]),
    m.subject,
    m.text,
  ];
  for (const part of parts) {
    for (const w of words(part)) {
      all.add(w);
      if (all.size >= MAIL_SEARCH_WORDS) break;
    }
    if (all.size >= MAIL_SEARCH_WORDS) break;
  }
  // words() yields letters and digits only: nothing to escape inside the quotes
  return [...all].map((w) => `'${w}'`).join(' ');
}

export interface StoreTarget {
  mailboxId: number;
  direction: 'in' | 'out';
}
export interface StoreItem {
  message: PreparedMessage;
  folderId: number | null;
  uidvalidity: number | null;
  uid: number | null;
  /** Read already (sent by us, or \Seen on the server at first sync). */
  seen?: boolean;
  /** Links chosen by the sender (compose from a client or request page); otherwise found. */
  clientId?: number | null;
  requestId?: number | null;
  /**
   * False: stored and linked without a NewEmail (the sync's import of what arrived before the
   * mailbox was set up is history, not news). Default true.
   */
  notify?: boolean;
}

/**
 * A message stored without its place on the server (sent from the app, its Sent copy's UID
 * unknown) that the sync now meets there: the row takes that folder and UID, so later passes and
 * the reader know it by both keys. A place some other row holds already is left alone.
 */
async function recordServerUids(
  tx: Tx,
  mailboxId: number,
  items: readonly StoreItem[],
  ids: readonly (number | null)[],
): Promise<void> {
  const met = items.filter(
    (item, i) => ids[i] === null && item.uid !== null && item.uidvalidity !== null && item.folderId !== null,
  );
  if (met.length === 0) return;
  const rows = met.map(
    (item) =>
      sql`(${item.message.messageId}::varchar, ${item.folderId}::integer, ${item.uidvalidity}::bigint, ${item.uid}::bigint)`,
  );
  await tx.execute(sql`
    update ${mailMessages} m
       set folder_id = v.folder_id, uidvalidity = v.uidvalidity, uid = v.uid
      from (values ${sql.join(rows, sql`, `)}) as v(message_id, folder_id, uidvalidity, uid)
     where m.mailbox_id = ${mailboxId} and m.message_id = v.message_id and m.uid is null
       and not exists (
         select 1 from ${mailMessages} o
          where o.mailbox_id = ${mailboxId} and o.folder_id = v.folder_id
            and o.uidvalidity = v.uidvalidity and o.uid = v.uid)`);
}

/** Rows per insert statement: about 25 parameters each, far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 500;

/**
 * Inserts the messages not stored yet (`on conflict do nothing` on both unique keys), links them
 * (client by address, request by number in the subject) and raises NewEmail for the incoming ones
 * that got linked, all in `tx`. Answers the ids of the rows it inserted, in the items' order
 * (null where the message was already there).
 *
 * Links given by the caller (`clientId`, `requestId`: a person's choice) win and are marked
 * `linked_by = user`; a request found by number is dropped when it belongs to another client
 * than the one given. Otherwise a found request brings its client (`linked_by = auto`).
 */
export async function storeMessages(
  tx: Tx,
  target: StoreTarget,
  items: readonly StoreItem[],
): Promise<(number | null)[]> {
  if (items.length === 0) return [];
  const found = await findLinks(
    tx,
    items.map(({ message: m }) => ({
      direction: target.direction,
      fromAddress: m.fromAddress,
      recipients: [...m.to, ...m.cc].map((a) => a.address),
      subject: m.subject,
    })),
  );
  const links: { clientId: number | null; requestId: number | null; by: 'auto' | 'user' | null }[] = [];
  for (const [i, item] of items.entries()) {
    const auto = found[i]!;
    const chosen = item.clientId !== undefined || item.requestId !== undefined;
    if (!chosen) {
      links.push({ ...auto, by: auto.clientId !== null || auto.requestId !== null ? 'auto' : null });
      continue;
    }
    let requestId = item.requestId !== undefined ? item.requestId : auto.requestId;
    if (item.requestId === undefined && item.clientId != null && auto.clientId !== item.clientId)
      requestId = null;
    const clientId =
      item.clientId !== undefined
        ? item.clientId
        : requestId !== null
          ? await clientOfRequest(tx, requestId)
          : auto.clientId;
    links.push({ clientId, requestId, by: clientId !== null || requestId !== null ? 'user' : null });
  }

  const now = new Date();
  const values = items.map((item, i) => {
    const m = item.message;
    const link = links[i]!;
    return {
      mailbox_id: target.mailboxId,
      folder_id: item.folderId,
      uidvalidity: item.uidvalidity,
      uid: item.uid,
      message_id: m.messageId,
      in_reply_to: m.inReplyTo,
      references: m.references,
      direction: target.direction,
      from_name: m.fromName,
      from_address: m.fromAddress,
      to: m.to,
      cc: m.cc,
      subject: m.subject,
      date: m.date,
      text: m.text,
      html: m.html,
      snippet: m.snippet,
      has_attachments: m.attachments.length > 0,
      size: m.size,
      seen_at: item.seen ? now : null,
      client_id: link.clientId,
      request_id: link.requestId,
      linked_by: link.by,
      search_vector: messageSearchVector(m),
    };
  });
  const inserted: { id: number; message_id: string }[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK)
    inserted.push(
      ...(await tx
        .insert(mailMessages)
        .values(values.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing()
        .returning({ id: mailMessages.id, message_id: mailMessages.message_id })),
    );

  // A Message-ID is unique in the mailbox, so each inserted row is the first item carrying it.
  const ids: (number | null)[] = items.map(() => null);
  const idByMessageId = new Map(inserted.map((r) => [r.message_id, r.id]));
  for (const [i, item] of items.entries()) {
    const id = idByMessageId.get(item.message.messageId);
    if (id === undefined) continue;
    ids[i] = id;
    idByMessageId.delete(item.message.messageId);
  }

  await recordServerUids(tx, target.mailboxId, items, ids);

  const attachmentRows = items.flatMap((item, i) => {
    const id = ids[i];
    if (id == null) return [];
    return item.message.attachments.map((a) => ({
      message_id: id,
      position: a.position,
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
      content_hash: a.contentHash,
      content_id: a.contentId,
    }));
  });
  for (let i = 0; i < attachmentRows.length; i += INSERT_CHUNK)
    await tx.insert(mailAttachments).values(attachmentRows.slice(i, i + INSERT_CHUNK));

  if (target.direction === 'in') {
    const emails = items.flatMap((item, i) => {
      const id = ids[i];
      const link = links[i]!;
      if (id == null || item.notify === false || (link.clientId === null && link.requestId === null))
        return [];
      const m = item.message;
      return [
        {
          messageId: id,
          fromName: m.fromName,
          fromAddress: m.fromAddress,
          subject: m.subject,
          clientId: link.clientId,
          requestId: link.requestId,
        },
      ];
    });
    if (emails.length) {
      const [box] = await tx
        .select({ regionId: mailboxes.region_id })
        .from(mailboxes)
        .where(eq(mailboxes.id, target.mailboxId));
      if (box) await raiseNewEmail(tx, box.regionId, emails);
    }
  }
  return ids;
}
