import { randomUUID } from 'node:crypto';
import {
  type DoubleRequest,
  type DoubleResponse,
  type DoubleRoute,
  notFound,
  validationException,
} from './double-http.ts';
import { type DoubleContact, type XeroDoubleState, xeroDate } from './double-state.ts';

/**
 * The Accounting API's Contacts as Xero's OpenAPI description shapes them: list (100 a page with
 * `page`, `If-Modified-Since`, `IDs`, a `where` of `ContactNumber=="X"` joined by ` OR `,
 * `includeArchived`), get by ContactID, POST create-or-update (update when the element carries a
 * known ContactID), PUT create. Xero's checks in Xero's words: a name, unique among active
 * contacts, and a valid email.
 */
const API = '/api/api.xro/2.0';
const PAGE_SIZE = 100;

type Element = Record<string, unknown>;

export const NAME_EMPTY = 'Contact Name cannot be empty.';
export const EMAIL_INVALID = 'Email address must be valid.';
export const nameTaken = (name: string) =>
  `The contact name ${name} is already assigned to another contact. The contact name must be unique across all active contacts.`;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function contactsOf(state: XeroDoubleState, tenant: string): Map<string, DoubleContact> {
  const map = state.contacts.get(tenant) ?? new Map<string, DoubleContact>();
  state.contacts.set(tenant, map);
  return map;
}

function envelope(state: XeroDoubleState, items: unknown[], extra: Element = {}): Element {
  return {
    Id: randomUUID(),
    Status: 'OK',
    ProviderName: 'Xero double',
    DateTimeUTC: xeroDate(state.clock.now()),
    ...extra,
    Contacts: items,
  };
}

function updatedMs(c: DoubleContact): number {
  const m = /^\/Date\((-?\d+)/.exec(c.UpdatedDateUTC);
  return m ? Number(m[1]) : 0;
}

/** An `If-Modified-Since` as Xero takes it: an HTTP date or an ISO date-time (UTC when no zone). */
function parseSince(value: string | string[] | undefined): number | null {
  if (!value) return null;
  const v = String(value);
  const iso = /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(v) ? `${v}Z` : v;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** The few `where` clauses this double understands: `ContactNumber=="X"` (and `Name=="X"`) joined by ` OR `. */
function parseWhere(where: string): ((c: DoubleContact) => boolean) | null {
  const clauses = where.split(/\s+OR\s+/);
  const tests: Array<(c: DoubleContact) => boolean> = [];
  for (const clause of clauses) {
    const m = /^\s*\(?\s*(ContactNumber|Name)\s*==\s*"((?:[^"\\]|\\.)*)"\s*\)?\s*$/.exec(clause);
    if (!m) return null;
    const field = m[1] as string;
    const value = (m[2] as string).replace(/\\(.)/g, '$1');
    tests.push((c) => c[field] === value);
  }
  return (c) => tests.some((t) => t(c));
}

function list(req: DoubleRequest, state: XeroDoubleState): DoubleResponse {
  const contacts = [...contactsOf(state, req.tenantId as string).values()];
  const ids = req.query
    .get('IDs')
    ?.split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const since = parseSince(req.headers['if-modified-since']);
  const whereText = req.query.get('where');
  const where = whereText ? parseWhere(whereText) : null;
  if (whereText && !where)
    return {
      status: 400,
      body: {
        ErrorNumber: 16,
        Type: 'QueryParseException',
        Message: `The double cannot parse where: ${whereText}`,
      },
    };
  const includeArchived = req.query.get('includeArchived') === 'true';
  let rows = contacts.filter(
    (c) =>
      (!ids || ids.includes(c.ContactID.toLowerCase())) &&
      (since === null || updatedMs(c) > since) &&
      (!where || where(c)) &&
      (includeArchived || ids || c.ContactStatus !== 'ARCHIVED'),
  );
  const page = Number(req.query.get('page') ?? 0);
  let extra: Element = {};
  if (page >= 1) {
    const itemCount = rows.length;
    rows = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    extra = {
      pagination: { page, pageSize: PAGE_SIZE, pageCount: Math.ceil(itemCount / PAGE_SIZE), itemCount },
    };
  }
  return { status: 200, body: envelope(state, rows, extra) };
}

function getOne(req: DoubleRequest, state: XeroDoubleState): DoubleResponse {
  const id = (req.params.id ?? '').toLowerCase();
  const contact = [...contactsOf(state, req.tenantId as string).values()].find(
    (c) => c.ContactID.toLowerCase() === id || c.ContactNumber === req.params.id,
  );
  return contact ? { status: 200, body: envelope(state, [contact]) } : notFound();
}

/** Phones or Addresses: one entry per type, the element's replacing the stored one of its type. */
function mergeTyped(stored: unknown, given: unknown, key: 'PhoneType' | 'AddressType'): Element[] {
  const out = new Map<string, Element>();
  for (const e of (Array.isArray(stored) ? stored : []) as Element[]) out.set(String(e[key]), e);
  for (const e of (Array.isArray(given) ? given : []) as Element[]) {
    if (typeof e?.[key] === 'string') out.set(e[key] as string, { ...e });
  }
  return [...out.values()];
}

/** The contact the element would make (or make of `existing`), without storing it. */
function merged(el: Element, existing: DoubleContact | null, now: number): DoubleContact {
  const base: Element = existing ? { ...existing } : { ContactID: randomUUID(), ContactStatus: 'ACTIVE' };
  for (const [k, v] of Object.entries(el)) {
    if (k === 'ContactID' || k === 'UpdatedDateUTC' || k === 'ValidationErrors') continue;
    if (k === 'Phones') base.Phones = mergeTyped(base.Phones, v, 'PhoneType');
    else if (k === 'Addresses') base.Addresses = mergeTyped(base.Addresses, v, 'AddressType');
    else base[k] = v;
  }
  base.Phones ??= [];
  base.Addresses ??= [];
  base.UpdatedDateUTC = xeroDate(now);
  return base as DoubleContact;
}

function validate(c: DoubleContact, all: Map<string, DoubleContact>): string[] {
  const errors: string[] = [];
  const name = typeof c.Name === 'string' ? c.Name.trim() : '';
  if (!name) errors.push(NAME_EMPTY);
  else if (
    c.ContactStatus !== 'ARCHIVED' &&
    [...all.values()].some(
      (o) =>
        o.ContactID !== c.ContactID &&
        o.ContactStatus !== 'ARCHIVED' &&
        String(o.Name).trim().toLowerCase() === name.toLowerCase(),
    )
  )
    errors.push(nameTaken(name));
  const email = c.EmailAddress;
  if (
    email !== undefined &&
    email !== null &&
    email !== '' &&
    !(typeof email === 'string' && EMAIL_RE.test(email))
  )
    errors.push(EMAIL_INVALID);
  return errors;
}

function elementsOf(body: unknown): Element[] | null {
  if (!body || typeof body !== 'object') return null;
  const items = (body as Element).Contacts;
  if (Array.isArray(items)) return items as Element[];
  return [body as Element];
}

/** POST (create or update by ContactID) and PUT (create only), with or without `summarizeErrors=false`. */
function write(mode: 'post' | 'put') {
  return (req: DoubleRequest, state: XeroDoubleState): DoubleResponse => {
    const elements = elementsOf(req.body);
    if (!elements)
      return {
        status: 400,
        body: { ErrorNumber: 14, Type: 'PostDataInvalidException', Message: 'Invalid body' },
      };
    const all = contactsOf(state, req.tenantId as string);
    // Worked on a copy: a later element of the batch sees an earlier one's name taken, and without
    // summarizeErrors=false one refused element keeps the whole request from being saved.
    const work = new Map(all);
    const perElement = req.query.get('summarizeErrors') === 'false';
    const answers: Element[] = [];
    const saved: DoubleContact[] = [];
    let anyError = false;
    for (const el of elements) {
      const id = typeof el.ContactID === 'string' ? el.ContactID.toLowerCase() : null;
      const existing = id ? ([...work.values()].find((c) => c.ContactID.toLowerCase() === id) ?? null) : null;
      let errors: string[] = [];
      if (id && mode === 'put')
        errors = ['A contact with this ContactID already exists; use POST to update it.'];
      else if (id && !existing)
        errors = [`Contact with ContactID ${String(el.ContactID)} could not be found.`];
      const contact = merged(el, existing, state.clock.now());
      if (!errors.length) errors = validate(contact, work);
      if (errors.length) {
        anyError = true;
        answers.push({
          ...el,
          HasValidationErrors: true,
          StatusAttributeString: 'ERROR',
          ValidationErrors: errors.map((Message) => ({ Message })),
        });
        continue;
      }
      work.set(contact.ContactID, contact);
      saved.push(contact);
      answers.push({ ...contact, HasValidationErrors: false, StatusAttributeString: 'OK' });
    }
    if (anyError && !perElement) return validationException(answers.filter((a) => a.HasValidationErrors));
    for (const c of saved) all.set(c.ContactID, c);
    return { status: 200, body: envelope(state, answers) };
  };
}

type ContactsCallHook = (req: DoubleRequest, callNumber: number) => void;
const hooks = new WeakMap<XeroDoubleState, { fn: ContactsCallHook; calls: number }>();

/**
 * Tests: `fn` runs after each Contacts call the double answers (its 1-based number), e.g. to
 * expire the tokens after the first page. Null removes it.
 */
export function onContactsCall(state: XeroDoubleState, fn: ContactsCallHook | null): void {
  if (fn) hooks.set(state, { fn, calls: 0 });
  else hooks.delete(state);
}

function hooked(handler: (req: DoubleRequest, state: XeroDoubleState) => DoubleResponse) {
  return (req: DoubleRequest, state: XeroDoubleState): DoubleResponse => {
    const answer = handler(req, state);
    const hook = hooks.get(state);
    if (hook) hook.fn(req, ++hook.calls);
    return answer;
  };
}

/** A change made by a person in Xero (tests): the patch's fields, and a new UpdatedDateUTC. */
export function editContactInXero(
  state: XeroDoubleState,
  tenantId: string,
  contactId: string,
  patch: Element,
): DoubleContact {
  const all = contactsOf(state, tenantId);
  const existing = all.get(contactId);
  if (!existing) throw new Error(`No contact ${contactId} in the double`);
  const contact = merged(patch, existing, state.clock.now());
  all.set(contactId, contact);
  return contact;
}

export const contactRoutes: DoubleRoute[] = [
  { method: 'GET', pattern: `${API}/Contacts`, api: 'accounting', handler: hooked(list) },
  { method: 'GET', pattern: `${API}/Contacts/:id`, api: 'accounting', handler: hooked(getOne) },
  { method: 'POST', pattern: `${API}/Contacts`, api: 'accounting', handler: hooked(write('post')) },
  { method: 'PUT', pattern: `${API}/Contacts`, api: 'accounting', handler: hooked(write('put')) },
];
