import {
  MAIL_SECURITY,
  type Mailbox,
  type MailboxCreateBody,
  type MailboxTestBody,
  type MailboxUpdateBody,
  type MailSecurity,
} from '@app/shared/mail/mail.schemas';
import {
  enumField,
  numberField,
  optionalString,
  requiredString,
} from '@app/shared/validation/fields.schemas';
import { MESSAGES } from '@app/shared/validation/messages';
import { isValidEmail } from '@app/shared/validation/validators';
import { z } from 'zod';

export const SECURITY_OPTIONS: { value: MailSecurity; label: string }[] = [
  { value: 'tls', label: 'SSL/TLS' },
  { value: 'starttls', label: 'STARTTLS' },
  { value: 'none', label: 'None (plain)' },
];

/** The usual port of each protocol and security; a change of security moves a usual port along. */
export const DEFAULT_PORTS: Record<'imap' | 'smtp', Record<MailSecurity, number>> = {
  imap: { tls: 993, starttls: 143, none: 143 },
  smtp: { tls: 465, starttls: 587, none: 25 },
};

export function portAfterSecurity(protocol: 'imap' | 'smtp', port: string, security: MailSecurity): string {
  const usual = Object.values(DEFAULT_PORTS[protocol]).map(String);
  return port.trim() === '' || usual.includes(port.trim()) ? String(DEFAULT_PORTS[protocol][security]) : port;
}

const portField = () => numberField({ min: 1, max: 65535, int: true });

/** The form: ports as typed, passwords empty unless typed (empty keeps the stored one). */
export const mailboxFormSchema = z.object({
  name: requiredString(100),
  address: requiredString(254).refine(isValidEmail, MESSAGES.invalidEmail),
  imap_host: requiredString(253),
  imap_port: portField(),
  imap_security: enumField(MAIL_SECURITY),
  imap_user: requiredString(254),
  imap_password: z.string().max(256),
  smtp_host: requiredString(253),
  smtp_port: portField(),
  smtp_security: enumField(MAIL_SECURITY),
  smtp_user: optionalString(254),
  smtp_password: z.string().max(256),
  enabled: z.boolean(),
});

/** Ports are typed text until the schema reads them. */
export type MailboxFormInput = z.input<typeof mailboxFormSchema>;
export type MailboxFormOutput = z.output<typeof mailboxFormSchema>;

/** A new mailbox starts with the usual ports and TLS; an existing one shows its settings. */
export function mailboxValues(mailbox: Mailbox | null): MailboxFormInput {
  if (!mailbox) {
    return {
      name: '',
      address: '',
      imap_host: '',
      imap_port: '993',
      imap_security: 'tls',
      imap_user: '',
      imap_password: '',
      smtp_host: '',
      smtp_port: '465',
      smtp_security: 'tls',
      smtp_user: '',
      smtp_password: '',
      enabled: true,
    };
  }
  return {
    name: mailbox.name,
    address: mailbox.address,
    imap_host: mailbox.imap_host,
    imap_port: String(mailbox.imap_port),
    imap_security: mailbox.imap_security,
    imap_user: mailbox.imap_user,
    imap_password: '',
    smtp_host: mailbox.smtp_host,
    smtp_port: String(mailbox.smtp_port),
    smtp_security: mailbox.smtp_security,
    smtp_user: mailbox.smtp_user,
    smtp_password: '',
    enabled: mailbox.enabled,
  };
}

const settingsOf = (v: MailboxFormOutput) => ({
  name: v.name,
  address: v.address,
  imap_host: v.imap_host,
  imap_port: v.imap_port,
  imap_security: v.imap_security,
  imap_user: v.imap_user,
  smtp_host: v.smtp_host,
  smtp_port: v.smtp_port,
  smtp_security: v.smtp_security,
  smtp_user: v.smtp_user ?? '',
});

export function createMailboxBody(office: number, v: MailboxFormOutput): MailboxCreateBody {
  return {
    office,
    ...settingsOf(v),
    imap_password: v.imap_password,
    ...(v.smtp_password ? { smtp_password: v.smtp_password } : {}),
    enabled: v.enabled,
  };
}

/** Only what changed, with the version read; an empty password keeps the stored one. Null: nothing changed. */
export function updateMailboxBody(mailbox: Mailbox, v: MailboxFormOutput): MailboxUpdateBody | null {
  const body: Record<string, unknown> = {};
  const settings = settingsOf(v);
  for (const [key, value] of Object.entries(settings)) {
    if (mailbox[key as keyof typeof settings] !== value) body[key] = value;
  }
  if (v.imap_password) body.imap_password = v.imap_password;
  if (v.smtp_password) body.smtp_password = v.smtp_password;
  if (v.enabled !== mailbox.enabled) body.enabled = v.enabled;
  if (Object.keys(body).length === 0) return null;
  return { ...(body as MailboxUpdateBody), version: mailbox.version };
}

/** "Test connection" on the settings as typed; a saved mailbox's stored passwords fill the empty ones. */
export function testMailboxBody(mailbox: Mailbox | null, v: MailboxFormOutput): MailboxTestBody {
  return {
    ...(mailbox ? { mailbox: mailbox.id } : {}),
    ...settingsOf(v),
    ...(v.imap_password ? { imap_password: v.imap_password } : {}),
    ...(v.smtp_password ? { smtp_password: v.smtp_password } : {}),
  };
}

/** The server's field names are the form's. */
export const MAILBOX_SERVER_FIELDS = [
  'name',
  'address',
  'imap_host',
  'imap_port',
  'imap_security',
  'imap_user',
  'imap_password',
  'smtp_host',
  'smtp_port',
  'smtp_security',
  'smtp_user',
  'smtp_password',
  'enabled',
] as const;
