import {
  type ErrorCode,
  MAIL_MESSAGES,
  type Mailbox,
  type MailboxCreateBody,
  type MailboxTestBody,
  type MailboxTestResult,
  type MailboxUpdateBody,
  type MailFolder,
  type MailSecurity,
  MESSAGES,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthUser, Ctx } from '../../platform/auth-user.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { recordChange } from '../audit/audit.service.ts';
import { mailboxes } from './mail.table.ts';
import { mailboxVisible } from './mail-privacy.ts';
import { type MailboxConnection, testMailboxConnection } from './mailbox-test-connection.ts';
import { type MailboxRow, type MailboxView, mailboxesRepository as repo } from './mailboxes.repository.ts';

export const MAILBOX_ENTITY = 'mailbox';

/** What the history keeps: the settings, and of a password only whether it is set or was changed. */
function snapshot(row: MailboxRow, changed: { imap?: boolean; smtp?: boolean } = {}) {
  const secret = (enc: string | null, isNew = false) => (enc ? (isNew ? 'changed' : 'set') : null);
  return {
    office: row.region_id,
    name: row.name,
    address: row.address,
    imap_host: row.imap_host,
    imap_port: row.imap_port,
    imap_security: row.imap_security,
    imap_user: row.imap_user,
    imap_password: secret(row.imap_password_enc, changed.imap),
    smtp_host: row.smtp_host,
    smtp_port: row.smtp_port,
    smtp_security: row.smtp_security,
    smtp_user: row.smtp_user,
    smtp_password: secret(row.smtp_password_enc, changed.smtp),
    enabled: row.enabled,
  };
}

export function toMailbox(v: MailboxView): Mailbox {
  const m = v.mailbox;
  return {
    id: m.id,
    office: { id: m.region_id, title: v.office_title },
    name: m.name,
    address: m.address,
    imap_host: m.imap_host,
    imap_port: m.imap_port,
    imap_security: m.imap_security as MailSecurity,
    imap_user: m.imap_user,
    has_imap_password: m.imap_password_enc.length > 0,
    smtp_host: m.smtp_host,
    smtp_port: m.smtp_port,
    smtp_security: m.smtp_security as MailSecurity,
    smtp_user: m.smtp_user ?? '',
    has_smtp_password: (m.smtp_password_enc ?? '').length > 0,
    enabled: m.enabled,
    last_synced_at: m.last_synced_at?.toISOString() ?? null,
    last_error: m.last_error,
    unread: v.unread,
    version: m.version,
  };
}

const MAILBOX_NOT_FOUND = () => AppError.notFound('Mailbox');
const ONE_PER_OFFICE = () =>
  new AppError('NOT_UNIQUE' satisfies ErrorCode, MAIL_MESSAGES.mailboxPerOffice, {
    fields: { office: [MAIL_MESSAGES.mailboxPerOffice] },
  });
const PASSWORD_REQUIRED = (field: 'imap_password' | 'smtp_password') =>
  AppError.fields({ [field]: [MAIL_MESSAGES.passwordRequired] });
const UNREADABLE = (field: 'imap_password' | 'smtp_password') =>
  AppError.fields({ [field]: [MAIL_MESSAGES.storedPasswordUnreadable] });

function writeError(err: unknown): unknown {
  if (isUniqueViolation(err, 'mailboxes_region_key')) return ONE_PER_OFFICE();
  if (isForeignKeyViolation(err)) return AppError.fields({ office: [MESSAGES.invalidValue] });
  return err;
}

/** A blank optional text is no value. */
const orNull = (v: string | undefined | null) => (v ? v : null);

export function createMailboxesService({ db, secrets }: { db: Db; secrets: SecretBox }) {
  const open = (sealed: string | null, field: 'imap_password' | 'smtp_password'): string => {
    if (!sealed) return '';
    try {
      return secrets.open(sealed);
    } catch {
      throw UNREADABLE(field);
    }
  };

  /** The settings with passwords in the clear, for the sync, sending and "test connection". */
  function connectionOf(row: MailboxRow): MailboxConnection {
    return {
      imap_host: row.imap_host,
      imap_port: row.imap_port,
      imap_security: row.imap_security as MailSecurity,
      imap_user: row.imap_user,
      imap_password: open(row.imap_password_enc, 'imap_password'),
      smtp_host: row.smtp_host,
      smtp_port: row.smtp_port,
      smtp_security: row.smtp_security as MailSecurity,
      smtp_user: row.smtp_user ?? '',
      smtp_password: open(row.smtp_password_enc, 'smtp_password'),
    };
  }

  const visible = (user: AuthUser) => mailboxVisible(user, sql`${mailboxes.id}`);

  return {
    connectionOf,

    /** Every mailbox for an Admin, the caller's office's for anyone else; never a password. */
    async list(user: AuthUser): Promise<Mailbox[]> {
      return (await repo.list(db, visible(user))).map(toMailbox);
    },

    /** A mailbox the caller may see, or 404 (another office's is as good as missing). */
    async get(user: AuthUser, id: number): Promise<Mailbox> {
      const view = await repo.view(db, id, visible(user));
      if (!view) throw MAILBOX_NOT_FOUND();
      return toMailbox(view);
    },

    async create(ctx: Ctx, body: MailboxCreateBody): Promise<Mailbox> {
      const smtpUser = orNull(body.smtp_user);
      if (smtpUser && !body.smtp_password) throw PASSWORD_REQUIRED('smtp_password');
      try {
        return await db.transaction(async (tx) => {
          if (!(await repo.officeExists(tx, body.office)))
            throw AppError.fields({ office: [MESSAGES.invalidValue] });
          const row = await repo.insert(tx, {
            region_id: body.office,
            name: body.name,
            address: body.address,
            imap_host: body.imap_host,
            imap_port: body.imap_port,
            imap_security: body.imap_security,
            imap_user: body.imap_user,
            imap_password_enc: secrets.seal(body.imap_password),
            smtp_host: body.smtp_host,
            smtp_port: body.smtp_port,
            smtp_security: body.smtp_security,
            smtp_user: smtpUser,
            smtp_password_enc: smtpUser && body.smtp_password ? secrets.seal(body.smtp_password) : null,
            enabled: body.enabled ?? true,
          });
          await recordChange(tx, ctx, MAILBOX_ENTITY, row.id, null, snapshot(row));
          const view = await repo.view(tx, row.id);
          return toMailbox(view!);
        });
      } catch (err) {
        throw writeError(err);
      }
    },

    /** An absent (or empty SMTP) password keeps the stored one; a stale `version` is a 409. */
    async update(ctx: Ctx, id: number, body: MailboxUpdateBody): Promise<Mailbox> {
      try {
        return await db.transaction(async (tx) => {
          const before = await repo.find(tx, id, true);
          if (!before) throw MAILBOX_NOT_FOUND();
          if (body.version !== undefined && body.version !== before.version) throw AppError.stale();
          const smtpUser = body.smtp_user === undefined ? before.smtp_user : orNull(body.smtp_user);
          const newSmtp = body.smtp_password ? body.smtp_password : undefined;
          // No SMTP user, no SMTP password: clearing the user forgets it.
          const smtpEnc = !smtpUser
            ? null
            : newSmtp !== undefined
              ? secrets.seal(newSmtp)
              : before.smtp_password_enc;
          if (smtpUser && !smtpEnc) throw PASSWORD_REQUIRED('smtp_password');
          const { version: _v, imap_password, smtp_password: _s, smtp_user: _u, ...settings } = body;
          const row = await repo.update(tx, id, before.version, {
            ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)),
            smtp_user: smtpUser,
            smtp_password_enc: smtpEnc,
            ...(imap_password && { imap_password_enc: secrets.seal(imap_password) }),
          });
          if (!row) throw AppError.stale();
          await recordChange(
            tx,
            ctx,
            MAILBOX_ENTITY,
            id,
            snapshot(before),
            snapshot(row, { imap: !!imap_password, smtp: newSmtp !== undefined && !!smtpUser }),
          );
          const view = await repo.view(tx, row.id);
          return toMailbox(view!);
        });
      } catch (err) {
        throw writeError(err);
      }
    },

    /**
     * "Test connection" on the settings as typed; with `mailbox`, its stored passwords stand in
     * for empty ones. Talks to the servers outside any transaction.
     */
    async test(body: MailboxTestBody): Promise<MailboxTestResult> {
      let stored: MailboxConnection | null = null;
      if (body.mailbox !== undefined) {
        const row = await repo.find(db, body.mailbox);
        if (!row) throw AppError.fields({ mailbox: [MESSAGES.invalidValue] });
        stored = connectionOf(row);
      }
      const smtpUser = body.smtp_user ?? '';
      const connection: MailboxConnection = {
        imap_host: body.imap_host,
        imap_port: body.imap_port,
        imap_security: body.imap_security,
        imap_user: body.imap_user,
        imap_password: body.imap_password || stored?.imap_password || '',
        smtp_host: body.smtp_host,
        smtp_port: body.smtp_port,
        smtp_security: body.smtp_security,
        smtp_user: smtpUser,
        smtp_password: smtpUser ? body.smtp_password || stored?.smtp_password || '' : '',
      };
      if (!connection.imap_password) throw PASSWORD_REQUIRED('imap_password');
      if (smtpUser && !connection.smtp_password) throw PASSWORD_REQUIRED('smtp_password');
      return testMailboxConnection(connection);
    },

    /** A visible mailbox's folders with their counts; 404 for another office's. */
    async folders(user: AuthUser, id: number): Promise<MailFolder[]> {
      const view = await repo.view(db, id, visible(user));
      if (!view) throw MAILBOX_NOT_FOUND();
      return (await repo.folders(db, id)).map((f) => ({
        id: f.id,
        mailbox: f.mailbox_id,
        path: f.path,
        name: f.name,
        role: f.role === 'inbox' || f.role === 'sent' ? f.role : null,
        unread: f.unread,
        total: f.total,
      }));
    },
  };
}
export type MailboxesService = ReturnType<typeof createMailboxesService>;
