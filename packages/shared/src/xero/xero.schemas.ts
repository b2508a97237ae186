import { z } from 'zod';
import { queryIdField, requiredString } from '../validation/fields.schemas.ts';
import { ACCOUNT_TYPES } from '../value-lists.ts';

/** What a sync run does: `contacts` (spec 7, `xero/contacts/`) or `invoices` (invoices, bills, payments). */
export const XERO_SYNC_KINDS = ['contacts', 'invoices'] as const;
export type XeroSyncKind = (typeof XERO_SYNC_KINDS)[number];

export const XERO_SYNC_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type XeroSyncStatus = (typeof XERO_SYNC_STATUSES)[number];

/** The records of this product that have a counterpart in Xero. */
export const XERO_RECORD_KINDS = ['client', 'supplier', 'invoice', 'bill', 'payment'] as const;
export type XeroRecordKind = (typeof XERO_RECORD_KINDS)[number];

/** One record a run could not sync, with Xero's words. */
export const XeroSyncErrorSchema = z.object({
  kind: z.enum(XERO_RECORD_KINDS),
  record_id: z.number().int(),
  /** What a person recognises: the client's name, the invoice's number. */
  label: z.string(),
  message: z.string(),
});
export type XeroSyncError = z.infer<typeof XeroSyncErrorSchema>;

/** A background sync and its progress (decision 0015). */
export const XeroSyncRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(XERO_SYNC_KINDS),
  status: z.enum(XERO_SYNC_STATUSES),
  /** Records handled so far, of `total` (null until the run has counted them). */
  done: z.number().int(),
  total: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Contacts whose email, phone or address came back from Xero. */
  pulled: z.number().int(),
  failed: z.number().int(),
  errors: z.array(XeroSyncErrorSchema),
  /** `Xero sync success;` when a contacts run succeeded; what failed otherwise. */
  message: z.string().nullable(),
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type XeroSyncRun = z.infer<typeof XeroSyncRunSchema>;

export const XeroConnectionSchema = z.object({
  tenant_id: z.string(),
  tenant_name: z.string(),
  connected_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  connected_at: z.string(),
});
export type XeroConnection = z.infer<typeof XeroConnectionSchema>;

/** `GET xero/isauth/` (and the answer of `code/` and `disconnect/`): never a token. */
export const XeroStatusSchema = z.object({
  /** Whether the server has Xero app credentials; without them nothing can start. */
  configured: z.boolean(),
  /** A connected tenant with a usable refresh token (spec 4: the menu button is green). */
  authorized: z.boolean(),
  connection: XeroConnectionSchema.nullable(),
  /** The run under way, or else the latest one. */
  run: XeroSyncRunSchema.nullable(),
});
export type XeroStatus = z.infer<typeof XeroStatusSchema>;

/** `GET xero/auth/`: the consent URL the browser opens. */
export const XeroAuthUrlSchema = z.object({ url: z.string() });

/** `GET xero/code/`: what Xero put on the redirect back to the app. */
export const XeroCodeQuerySchema = z
  .object({
    code: z.string().max(2000).optional(),
    state: requiredString(200),
    /** Xero sends `error` (e.g. `access_denied`) instead of a code when the person declined. */
    error: z.string().max(200).optional(),
    /** Xero also sends these back; they are accepted and not used. */
    scope: z.string().max(2000).optional(),
    session_state: z.string().max(500).optional(),
  })
  .strict();

/** The redirect back from Xero lands on this page of the web app, which passes it to `xero/code/`. */
export const XERO_CALLBACK_PATH = '/xero/callback';

/** A Xero account code (`200`, `4000`, `SALES`): Xero allows up to 10 characters. */
const accountCode = () =>
  z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9._-]{1,10}$/,
      'An account code is 1 to 10 letters, digits, dots, dashes or underscores',
    );

/** Per account type (spec 3): the Xero revenue account of client invoice lines and the expense account of bill lines. */
export const XeroAccountCodesSchema = z.object({
  sales: accountCode(),
  purchases: accountCode(),
});

/** `GET/PUT xero/settings/`: how pushed invoices, bills and payments are coded in Xero. */
export const XeroSettingsSchema = z
  .object({
    account_codes: z.object(
      Object.fromEntries(ACCOUNT_TYPES.map((t) => [t, XeroAccountCodesSchema])) as Record<
        (typeof ACCOUNT_TYPES)[number],
        typeof XeroAccountCodesSchema
      >,
    ),
    /** The Xero bank account that payments are recorded against, by this product's bank id; `default` otherwise. */
    payment_account_code: accountCode(),
    bank_account_codes: z.record(z.string().regex(/^\d+$/), accountCode()),
  })
  .strict();
export type XeroSettings = z.infer<typeof XeroSettingsSchema>;

/** Where one record stands in Xero (shown on the client, supplier, invoice and bill pages). */
export const XeroRecordStatusSchema = z.object({
  kind: z.enum(XERO_RECORD_KINDS),
  record_id: z.number().int(),
  /** `pushed`: Xero holds the record as last sent; `failed`: the last push was refused (`error`). */
  status: z.enum(['pushed', 'failed']).nullable(),
  xero_id: z.string().nullable(),
  pushed_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type XeroRecordStatus = z.infer<typeof XeroRecordStatusSchema>;

export const XeroRecordParamsSchema = z.object({
  kind: z.enum(XERO_RECORD_KINDS),
  id: queryIdField(),
});
