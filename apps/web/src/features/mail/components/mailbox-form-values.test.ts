import { MESSAGES } from '@app/shared/validation/messages';
import { describe, expect, it } from 'vitest';
import { makeMailbox } from '../../../ui/mail/mail-fixtures.ts';
import {
  createMailboxBody,
  mailboxFormSchema,
  mailboxValues,
  portAfterSecurity,
  testMailboxBody,
  updateMailboxBody,
} from './mailbox-form-values.ts';

const saved = makeMailbox();
const read = (patch: Record<string, unknown> = {}) =>
  mailboxFormSchema.parse({ ...mailboxValues(saved), ...patch });

describe('the mailbox form', () => {
  it('never shows a password: an empty field keeps the stored one, only changes are sent', () => {
    expect(mailboxValues(saved)).toMatchObject({ imap_password: '', smtp_password: '', imap_port: '993' });
    expect(updateMailboxBody(saved, read())).toBeNull();
    expect(updateMailboxBody(saved, read({ imap_port: '143', smtp_password: 'new-secret' }))).toEqual({
      imap_port: 143,
      smtp_password: 'new-secret',
      version: 2,
    });
    expect(updateMailboxBody(saved, read({ enabled: false }))).toEqual({ enabled: false, version: 2 });
  });

  it('tests the settings as typed, the stored passwords standing in for empty fields', () => {
    const body = testMailboxBody(saved, read({ imap_host: 'mail.example.org' }));
    expect(body).toMatchObject({ mailbox: 1, imap_host: 'mail.example.org', imap_port: 993 });
    expect(body).not.toHaveProperty('imap_password');
    expect(testMailboxBody(null, read({ imap_password: 'pw' }))).toMatchObject({ imap_password: 'pw' });
    expect(testMailboxBody(null, read())).not.toHaveProperty('mailbox');
  });

  it('creates with the office, and refuses a bad port or address', () => {
    expect(createMailboxBody(2, read({ imap_password: 'pw' }))).toMatchObject({
      office: 2,
      imap_password: 'pw',
    });
    const bad = mailboxFormSchema.safeParse({ ...mailboxValues(saved), imap_port: '70000', address: 'nope' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['address', MESSAGES.invalidEmail],
      ['imap_port', 'Maximum value 65535'],
    ]);
  });

  it('moves a usual port along with the security, and leaves one typed by hand', () => {
    expect(portAfterSecurity('smtp', '465', 'starttls')).toBe('587');
    expect(portAfterSecurity('imap', '993', 'starttls')).toBe('143');
    expect(portAfterSecurity('smtp', '2525', 'tls')).toBe('2525');
  });
});
