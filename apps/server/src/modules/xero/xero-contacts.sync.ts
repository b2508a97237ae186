import { AppError } from '../../platform/errors.ts';
import { applyContactDetails } from '../directory/contact-details.service.ts';
import { parseXeroDate, validationMessages, XeroNotConnectedError, xeroFingerprint } from './xero-api.ts';
import {
  type ContactSource,
  changedDetails,
  contactNumber,
  fromXeroContact,
  toXeroContact,
  type XeroContact,
} from './xero-contacts.mapping.ts';
import { xeroContactsRepository as contactsRepo } from './xero-contacts.repository.ts';
import { chunks } from './xero-push.shared.ts';
import { xeroRecordsRepository as links } from './xero-records.repository.ts';
import type { XeroSyncContext, XeroSyncStep } from './xero-sync.context.ts';
import { xeroSyncRepository } from './xero-sync.repository.ts';

const CONTACTS = '/api.xro/2.0/Contacts';
/** Xero pages Contacts by 100. */
const XERO_PAGE = 100;
const SCAN_PAGE = 500;
/** What the history says a pulled change came from. */
export const PULL_SOURCE = 'Xero sync';

type ContactsBody = { Contacts?: XeroContact[] };
type Kind = ContactSource['kind'];
const KINDS: Kind[] = ['client', 'supplier'];

/**
 * Spec 7 `xero/contacts/`: PULL first (contacts changed in Xero since the last pull bring their
 * email, phone and address back into the linked client or supplier), then PUSH every client and
 * supplier whose Xero form changed since its last push (fingerprint), 50 a call, each refused
 * contact reported with Xero's words while the rest go on.
 */
export const runContactsSync: XeroSyncStep = async (ctx) => {
  const tenant = await xeroSyncRepository.connectedTenant(ctx.deps.db);
  if (!tenant) throw new XeroNotConnectedError();
  await pull(ctx, tenant.tenantId, tenant.contactsPulledAt);
  await push(ctx, tenant.tenantId);
};

async function pull(ctx: XeroSyncContext, tenantId: string, since: Date | null): Promise<void> {
  const { db, client } = ctx.deps;
  // Nothing of ours in this organisation yet: nothing to bring back (a first sync saves a full read).
  if (!(await contactsRepo.hasLinks(db, tenantId))) return;
  let latest: Date | null = null;
  for (let page = 1; ; page++) {
    const res = await client.request<ContactsBody>({
      method: 'GET',
      path: CONTACTS,
      query: { page: String(page), includeArchived: 'true' },
      ...(since && { ifModifiedSince: since }),
    });
    const contacts = res.body.Contacts ?? [];
    let pulled = 0;
    const found = await contactsRepo.linksByXeroIds(
      db,
      tenantId,
      contacts.map((c) => String(c.ContactID ?? '')).filter(Boolean),
    );
    const linkOf = new Map(found.map((l) => [l.xero_id as string, l]));
    for (const contact of contacts) {
      const updatedAt = parseXeroDate(contact.UpdatedDateUTC);
      if (updatedAt && (!latest || updatedAt > latest)) latest = updatedAt;
      const link = linkOf.get(String(contact.ContactID));
      if (!link || !updatedAt) continue;
      // Our own push answered this UpdatedDateUTC: not a change made in Xero.
      if (link.xero_updated_at && updatedAt <= link.xero_updated_at) continue;
      if (
        await pullOne(ctx, tenantId, link.kind as Kind, link.record_id, link.fingerprint, contact, updatedAt)
      )
        pulled++;
    }
    await ctx.progress({ pulled });
    if (contacts.length < XERO_PAGE) break;
  }
  if (latest) await xeroSyncRepository.setContactsPulledAt(db, tenantId, latest);
}

/** One contact changed in Xero: its differing details into our record. True when something came back. */
async function pullOne(
  ctx: XeroSyncContext,
  tenantId: string,
  kind: Kind,
  recordId: number,
  fingerprint: string | null,
  contact: XeroContact,
  updatedAt: Date,
): Promise<boolean> {
  const { db } = ctx.deps;
  const [ours] = await contactsRepo.byIds(db, kind, [recordId]);
  if (!ours) return false;
  const changes = changedDetails(ours, fromXeroContact(contact));
  let now = ours;
  if (Object.keys(changes).length) {
    try {
      if (!(await applyContactDetails(db, kind, recordId, changes, PULL_SOURCE))) return false;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const taken = err.fields?.email
        ? `The email ${changes.email} from Xero is already used by another client.`
        : '';
      await ctx.fail({ kind, record_id: recordId, label: ours.name, message: taken || err.message });
      return false;
    }
    now = { ...ours, ...changes } as ContactSource;
  }
  // Xero held what we last sent, but for the change just pulled: it now holds our record as it is.
  const inStep = fingerprint !== null && fingerprint === xeroFingerprint(toXeroContact(ours));
  if (inStep)
    await contactsRepo.setSynced(
      db,
      tenantId,
      kind,
      recordId,
      xeroFingerprint(toXeroContact(now)),
      updatedAt,
    );
  else await links.setXeroUpdatedAt(db, tenantId, kind, recordId, updatedAt);
  return Object.keys(changes).length > 0;
}

interface Pending {
  kind: Kind;
  id: number;
}

/** The records whose Xero form changed since their last push (or that never went). */
async function changedRecords(ctx: XeroSyncContext, tenantId: string): Promise<Pending[]> {
  const { db } = ctx.deps;
  const pending: Pending[] = [];
  for (const kind of KINDS) {
    for (let after = 0; ; ) {
      const rows = await contactsRepo.page(db, kind, after, SCAN_PAGE);
      if (!rows.length) break;
      after = rows[rows.length - 1]!.id;
      const known = await links.findMany(
        db,
        tenantId,
        kind,
        rows.map((r) => r.id),
      );
      for (const row of rows) {
        const link = known.get(row.id);
        // An archived record that never reached Xero stays out of it.
        if (row.archived && !link?.xero_id) continue;
        if (link?.status === 'pushed' && link.fingerprint === xeroFingerprint(toXeroContact(row))) continue;
        pending.push({ kind, id: row.id });
      }
    }
  }
  return pending;
}

async function push(ctx: XeroSyncContext, tenantId: string): Promise<void> {
  const pending = await changedRecords(ctx, tenantId);
  await ctx.progress({ total: pending.length });
  // 50 a POST (`chunks`): one refused batch stays cheap and the progress lively.
  for (const batch of chunks(pending)) {
    await ctx.checkpoint();
    await pushBatch(ctx, tenantId, batch);
  }
}

/**
 * The ContactIDs of contacts an earlier create made although its answer never came back (the run
 * stopped mid-call), by ContactNumber: only those are looked up, so a first sync costs one call a batch.
 */
async function madeBefore(ctx: XeroSyncContext, numbers: string[]): Promise<Map<string, string>> {
  if (!numbers.length) return new Map();
  const where = numbers.map((n) => `ContactNumber=="${n}"`).join(' OR ');
  const res = await ctx.deps.client.request<ContactsBody>({
    method: 'GET',
    path: CONTACTS,
    query: { where, includeArchived: 'true' },
  });
  const out = new Map<string, string>();
  for (const c of res.body.Contacts ?? [])
    if (typeof c.ContactNumber === 'string' && c.ContactID) out.set(c.ContactNumber, c.ContactID);
  return out;
}

async function pushBatch(ctx: XeroSyncContext, tenantId: string, batch: Pending[]): Promise<void> {
  const { db, client } = ctx.deps;
  // Read again: a record may have changed (or gone) since the scan.
  const sources: ContactSource[] = [];
  const linkOf = new Map<string, string | null>();
  // Creates an earlier run started and never saw answered: they may be in Xero already.
  const cutShort: string[] = [];
  for (const kind of KINDS) {
    const ids = batch.filter((p) => p.kind === kind).map((p) => p.id);
    const rows = await contactsRepo.byIds(db, kind, ids);
    const known = await links.findMany(db, tenantId, kind, ids);
    const creating: number[] = [];
    for (const row of rows) {
      sources.push(row);
      const link = known.get(row.id);
      linkOf.set(contactNumber(kind, row.id), link?.xero_id ?? null);
      if (link?.xero_id) continue;
      creating.push(row.id);
      if (link?.status === 'sending') cutShort.push(contactNumber(kind, row.id));
    }
    await links.markSending(db, tenantId, kind, creating, ctx.now());
  }
  if (!sources.length) return ctx.progress({ done: batch.length });
  const before = await madeBefore(ctx, cutShort);
  const elements = sources.map((s) => {
    const contact = toXeroContact(s);
    const id = linkOf.get(contactNumber(s.kind, s.id)) ?? before.get(contactNumber(s.kind, s.id));
    return { source: s, contact, fingerprint: xeroFingerprint(contact), xeroId: id ?? null };
  });
  const res = await client.request<ContactsBody>({
    method: 'POST',
    path: CONTACTS,
    query: { summarizeErrors: 'false' },
    body: { Contacts: elements.map((e) => (e.xeroId ? { ContactID: e.xeroId, ...e.contact } : e.contact)) },
  });
  const answers = res.body.Contacts ?? [];
  let created = 0;
  let updated = 0;
  const at = ctx.now();
  for (const [i, e] of elements.entries()) {
    const answer = answers[i] as XeroContact | undefined;
    const refused =
      !answer ||
      answer.HasValidationErrors === true ||
      answer.StatusAttributeString === 'ERROR' ||
      !answer.ContactID;
    if (refused) {
      const message = validationMessages(answer).join('; ') || 'Xero did not accept the contact.';
      await links.markFailed(db, {
        tenantId,
        kind: e.source.kind,
        recordId: e.source.id,
        error: message,
        at,
      });
      await ctx.fail({ kind: e.source.kind, record_id: e.source.id, label: e.source.name, message });
      continue;
    }
    await links.markPushed(db, {
      tenantId,
      kind: e.source.kind,
      recordId: e.source.id,
      xeroId: answer.ContactID as string,
      fingerprint: e.fingerprint,
      xeroUpdatedAt: parseXeroDate(answer.UpdatedDateUTC),
      at,
    });
    if (e.xeroId) updated++;
    else created++;
  }
  // A record gone since the scan counts as handled.
  await ctx.progress({ done: created + updated + batch.length - sources.length, created, updated });
}
