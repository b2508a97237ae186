import type { MailSecurity } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import {
  ImapFlow,
  type ImapFlowError,
  type ImapFlowOptions,
  type ListResponse,
  type MailboxObject,
} from 'imapflow';
import type { Db, Tx } from '../../db/client.ts';
import type { MailDeps } from './mail.deps.ts';
import { mailboxes, mailFolders } from './mail.table.ts';
import { imapErrorWords, imapOptions } from './mail-connection.ts';
import { prepareMessage, type StoreItem, storeMessages } from './mail-store.ts';

/**
 * One sync pass of a mailbox (decision 0014): connect, list the folders, then for INBOX and Sent
 * fetch the messages above the folder's cursor in batches, parse them outside any transaction and
 * store each batch with its cursor in one short transaction. "Once" is the database's (both unique
 * keys, `on conflict do nothing`), so a pass that repeats work, or runs beside another process's,
 * stores nothing twice. A changed UIDVALIDITY resets the cursor; the Message-ID keeps the refetch
 * from duplicating.
 */

/** Messages fetched (with their source) at a time. */
export const SYNC_BATCH = 200;
/**
 * Bytes of sources fetched at a time (the server's sizes): a batch of 200 letters of 30 MB would
 * hold 6 GB, twice with the next batch fetched meanwhile. A message larger than this is a batch alone.
 */
export const SYNC_BATCH_BYTES = 32 * 1024 * 1024;
/**
 * Messages stored per transaction, each with the cursor. On PGlite a statement runs on the app's
 * own thread and every API call waits while a transaction is open: 25 messages take some 10-20 ms
 * (200 took 50-150 ms), with the same throughput.
 */
export const STORE_CHUNK = 25;
/** How long connecting, the greeting and a silent socket may take before the pass fails. */
export const IMAP_TIMEOUT_MS = 15_000;
const LAST_ERROR_MAX = 1000;
/**
 * What arrived more than this long before the mailbox was set up is history: the first sync
 * stores and links it without a NewEmail (a mailbox of years would bury its managers in notices).
 * The margin also absorbs the mail server's clock and its whole-second arrival times.
 */
export const HISTORY_BEFORE_MS = 24 * 60 * 60 * 1000;

export type MailboxRow = typeof mailboxes.$inferSelect;
export type FolderRole = 'inbox' | 'sent';

export interface FolderSyncResult {
  id: number;
  path: string;
  role: FolderRole;
  /** Messages stored by this pass. */
  stored: number;
  /** The pass ran out of time (`deadline`) with messages of the folder left to fetch. */
  more: boolean;
  uidvalidity: number;
  last_uid: number;
}

export interface SyncResult {
  stored: number;
  /** The pass ran out of time: a later one (the background's) stores the rest. */
  more: boolean;
  folders: FolderSyncResult[];
}

/** A pass that could not reach or read the mailbox: `reason` is what the server (or network) said. */
export class MailSyncError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MailSyncError';
  }
}

/** The pass's process no longer holds the mailbox's lease (another one took it over). */
export class LeaseLostError extends Error {
  constructor() {
    super('The mailbox is synced by another process now');
    this.name = 'LeaseLostError';
  }
}

/** The pass was asked to stop (the app closing); what it stored so far is kept. */
export class SyncStoppedError extends Error {
  constructor() {
    super('The sync was stopped');
    this.name = 'SyncStoppedError';
  }
}

export interface SyncOptions {
  /** Stops the pass between batches. */
  signal?: AbortSignal;
  /**
   * `Date.now()` after which the pass ends, between two transactions, with `more` set: a request
   * does a bounded part of a first sync of thousands and leaves the rest to the background.
   */
  deadline?: number;
  /** The lease holder: each batch renews its lease, and stops the pass if another process has it. */
  lease?: { owner: string; ms: number };
  batchSize?: number;
  /** Bytes per batch (SYNC_BATCH_BYTES). */
  batchBytes?: number;
  /** Messages per transaction (STORE_CHUNK). */
  storeChunk?: number;
  /** Told of each stored batch (the bench reports progress through it). */
  onBatch?: (info: { folder: string; stored: number; fetched: number }) => void;
}

/** The IMAP settings of a mailbox, its password opened. */
const imapSettings = (box: MailboxRow, password: string) => ({
  host: box.imap_host,
  port: box.imap_port,
  security: box.imap_security as MailSecurity,
  user: box.imap_user,
  password,
});

/** What went wrong, in the server's words where it gave any, else the network's; bounded for `last_error`. */
const errorWords = (err: unknown, box: MailboxRow) =>
  imapErrorWords(err, box.imap_host, box.imap_port, IMAP_TIMEOUT_MS).slice(0, LAST_ERROR_MAX);

/** A connected, logged-in client; a failure is a MailSyncError in the server's words. */
export async function connectImap(
  box: MailboxRow,
  password: string,
  extra: ImapFlowOptions = {},
): Promise<ImapFlow> {
  const client = new ImapFlow(
    imapOptions(imapSettings(box, password), IMAP_TIMEOUT_MS, {
      socketTimeout: IMAP_TIMEOUT_MS * 4,
      ...extra,
    }),
  );
  // An error after connecting (a dropped socket) is also reported by the command under way.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    client.close();
    throw new MailSyncError(errorWords(err, box));
  }
  return client;
}

/** The role of a listed folder: INBOX, and the server's \Sent folder (or one named like it). */
function rolesOf(list: ListResponse[]): Map<string, FolderRole> {
  const roles = new Map<string, FolderRole>();
  const inbox = list.find((f) => f.specialUse === '\\Inbox' || f.path.toUpperCase() === 'INBOX');
  if (inbox) roles.set(inbox.path, 'inbox');
  const sent =
    list.find((f) => f.specialUse === '\\Sent' && f.specialUseSource !== 'name') ??
    list.find((f) => f.specialUse === '\\Sent') ??
    list.find((f) => /^sent( items| messages| mail)?$/i.test(f.name));
  if (sent && !roles.has(sent.path)) roles.set(sent.path, 'sent');
  return roles;
}

async function recordFolders(db: Db, mailboxId: number, list: ListResponse[]) {
  const roles = rolesOf(list);
  const selectable = list.filter((f) => !f.flags.has('\\Noselect') && !f.flags.has('\\NonExistent'));
  if (selectable.length === 0) return [];
  return db
    .insert(mailFolders)
    .values(
      selectable.map((f) => ({
        mailbox_id: mailboxId,
        path: f.path.slice(0, 1000),
        name: f.name.slice(0, 255),
        role: roles.get(f.path) ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [mailFolders.mailbox_id, mailFolders.path],
      set: { name: sql`excluded.name`, role: sql`excluded.role` },
    })
    .returning();
}

/** Renews the lease of `owner` in `tx`; false when another process holds it (or the mailbox is gone or disabled). */
export async function renewLease(
  ex: Db | Tx,
  mailboxId: number,
  owner: string,
  ms: number,
): Promise<boolean> {
  const rows = await ex
    .update(mailboxes)
    .set({ sync_lease_until: sql`now() + ${ms} * interval '1 millisecond'` })
    .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.sync_owner, owner), eq(mailboxes.enabled, true)))
    .returning({ id: mailboxes.id });
  return rows.length > 0;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function syncFolder(
  deps: Pick<MailDeps, 'db' | 'blobs'>,
  client: ImapFlow,
  box: MailboxRow,
  folder: typeof mailFolders.$inferSelect & { role: FolderRole },
  opts: SyncOptions,
): Promise<FolderSyncResult> {
  const { db, blobs } = deps;
  const lock = await client.getMailboxLock(folder.path, { readOnly: true });
  try {
    const opened = client.mailbox as MailboxObject;
    const uidvalidity = Number(opened.uidValidity);
    let cursor = folder.last_uid;
    if (folder.uidvalidity !== uidvalidity) {
      // A new UIDVALIDITY: the old UIDs mean nothing now; the refetch is kept from duplicating by Message-ID.
      await db.update(mailFolders).set({ uidvalidity, last_uid: 0 }).where(eq(mailFolders.id, folder.id));
      cursor = 0;
    }
    const result: FolderSyncResult = {
      id: folder.id,
      path: folder.path,
      role: folder.role,
      stored: 0,
      more: false,
      uidvalidity,
      last_uid: cursor,
    };
    if (opened.exists === 0 || (opened.uidNext && opened.uidNext <= cursor + 1)) return result;
    // UIDs and sizes first (a line each), so a batch is bounded in bytes as well as in messages.
    const listed = await client.fetchAll(`${cursor + 1}:*`, { uid: true, size: true }, { uid: true });
    const found = listed.filter((m) => m.uid > cursor).sort((a, b) => a.uid - b.uid);
    const uids = found.map((m) => m.uid);
    // The messages a person had read on the server before the first sync come in read; later ones do not.
    const firstSync = cursor === 0;
    const size = opts.batchSize ?? SYNC_BATCH;
    const perTx = opts.storeChunk ?? STORE_CHUNK;
    const maxBytes = opts.batchBytes ?? SYNC_BATCH_BYTES;
    const batches: number[][] = [];
    let bytes = 0;
    for (const m of found) {
      const last = batches.at(-1);
      if (!last || last.length >= size || bytes + (m.size ?? 0) > maxBytes) {
        batches.push([m.uid]);
        bytes = m.size ?? 0;
      } else {
        last.push(m.uid);
        bytes += m.size ?? 0;
      }
    }
    const fetchBatch = (batch: number[]) => {
      const fetched = client.fetchAll(
        `${batch[0]}:${batch.at(-1)}`,
        { uid: true, source: true, flags: true, internalDate: true },
        { uid: true },
      );
      fetched.catch(() => {}); // awaited below; a failure after the pass stopped has no one to tell
      return fetched;
    };
    let next = batches.length ? fetchBatch(batches[0]!) : null;
    for (let b = 0; b < batches.length; b++) {
      if (opts.signal?.aborted) throw new SyncStoppedError();
      const messages = await next!;
      // The next batch comes over the network while this one is parsed and stored.
      next = b + 1 < batches.length ? fetchBatch(batches[b + 1]!) : null;
      const items: StoreItem[] = [];
      for (const m of messages) {
        if (!m.source || m.uid <= cursor) continue;
        const receivedAt = m.internalDate ? new Date(m.internalDate) : undefined;
        items.push({
          message: await prepareMessage(m.source, blobs, receivedAt ? { receivedAt } : {}),
          folderId: folder.id,
          uidvalidity,
          uid: m.uid,
          seen: firstSync && (m.flags?.has('\\Seen') ?? false),
          // Mail that arrived well before the mailbox was set up is history: stored without a NewEmail.
          notify: !receivedAt || receivedAt.getTime() >= box.created_at.getTime() - HISTORY_BEFORE_MS,
        });
        await nextTurn(); // parsing is CPU: let requests waiting on the event loop through
      }
      items.sort((x, y) => x.uid! - y.uid!);
      let stored = 0;
      // Stored in short transactions: on PGlite every API call waits while one is open.
      for (let i = 0; i < Math.max(items.length, 1); i += perTx) {
        const chunk = items.slice(i, i + perTx);
        const top = i + perTx >= items.length ? Math.max(cursor, ...batches[b]!) : chunk.at(-1)!.uid!;
        const ids = await db.transaction(async (tx) => {
          if (opts.lease && !(await renewLease(tx, box.id, opts.lease.owner, opts.lease.ms)))
            throw new LeaseLostError();
          const inserted = await storeMessages(
            tx,
            { mailboxId: box.id, direction: folder.role === 'sent' ? 'out' : 'in' },
            chunk,
          );
          await tx
            .update(mailFolders)
            .set({ last_uid: sql`greatest(${mailFolders.last_uid}, ${top})` })
            .where(and(eq(mailFolders.id, folder.id), eq(mailFolders.uidvalidity, uidvalidity)));
          return inserted;
        });
        stored += ids.filter((id) => id !== null).length;
        result.last_uid = top;
        if (opts.deadline !== undefined && Date.now() >= opts.deadline && top < uids.at(-1)!) {
          result.more = true;
          break;
        }
        // PGlite runs a statement on this thread: the requests that came in meanwhile go first.
        await nextTurn();
      }
      result.stored += stored;
      opts.onBatch?.({ folder: folder.path, stored, fetched: messages.length });
      if (result.more) break;
    }
    return result;
  } finally {
    lock.release();
  }
}

/** Records the outcome on the mailbox: when it last synced, or what stopped it (the server's words). */
async function recordOutcome(db: Db, mailboxId: number, error: string | null) {
  await db
    .update(mailboxes)
    .set(
      error === null
        ? { last_synced_at: sql`now()`, last_error: null }
        : { last_error: error.slice(0, LAST_ERROR_MAX) },
    )
    .where(eq(mailboxes.id, mailboxId));
}

/**
 * One pass over INBOX and Sent of a mailbox. Throws MailSyncError (recorded in `last_error`) when
 * the server cannot be reached, refuses the login or a folder; a lease lost midway is a
 * LeaseLostError (nothing recorded: the new holder carries on).
 */
export async function syncMailbox(
  deps: Pick<MailDeps, 'db' | 'blobs' | 'secrets'>,
  mailboxId: number,
  opts: SyncOptions = {},
): Promise<SyncResult> {
  const { db } = deps;
  const [box] = await db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId));
  if (!box) throw new MailSyncError('The mailbox does not exist');
  let client: ImapFlow | undefined;
  try {
    let password: string;
    try {
      password = deps.secrets.open(box.imap_password_enc);
    } catch {
      throw new MailSyncError(
        'The stored IMAP password cannot be read (the secret key changed?): enter the password again',
      );
    }
    client = await connectImap(box, password);
    const list = await client.list().catch((err: unknown) => {
      throw new MailSyncError(errorWords(err, box));
    });
    const folders = await recordFolders(db, box.id, list);
    const result: SyncResult = { stored: 0, more: false, folders: [] };
    for (const role of ['inbox', 'sent'] as const) {
      const folder = folders.find((f) => f.role === role);
      if (!folder) continue;
      const done = await syncFolder(deps, client, box, { ...folder, role }, opts).catch((err: unknown) => {
        if (err instanceof LeaseLostError || err instanceof MailSyncError || err instanceof SyncStoppedError)
          throw err;
        // A failed IMAP command carries the server's words; anything else (the database) is ours.
        if ((err as ImapFlowError)?.responseText || (err as ImapFlowError)?.code)
          throw new MailSyncError(`${folder.path}: ${errorWords(err, box)}`);
        throw err;
      });
      result.folders.push(done);
      result.stored += done.stored;
      if (done.more || (opts.deadline !== undefined && Date.now() >= opts.deadline)) {
        result.more = done.more || role === 'inbox';
        break;
      }
    }
    await recordOutcome(db, box.id, null);
    return result;
  } catch (err) {
    if (err instanceof MailSyncError) await recordOutcome(db, box.id, err.reason);
    throw err;
  } finally {
    if (client) await client.logout().catch(() => client?.close());
  }
}

/** Passes of one mailbox in one process run one after another (the route's and the background's). */
const queues = new WeakMap<Db, Map<number, Promise<unknown>>>();

/** Whether this process runs (or has queued) a pass of the mailbox now. */
export const passUnderWay = (db: Db, mailboxId: number): boolean => queues.get(db)?.has(mailboxId) ?? false;

export function exclusivePass<T>(db: Db, mailboxId: number, run: () => Promise<T>): Promise<T> {
  let perDb = queues.get(db);
  if (!perDb) {
    perDb = new Map();
    queues.set(db, perDb);
  }
  const before = perDb.get(mailboxId) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(run);
  const tail = mine.catch(() => {});
  perDb.set(mailboxId, tail);
  void tail.then(() => {
    if (perDb.get(mailboxId) === tail) perDb.delete(mailboxId);
  });
  return mine;
}
