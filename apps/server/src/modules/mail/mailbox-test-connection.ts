import type { MailboxTestResult, MailSecurity } from '@app/shared';
import { ImapFlow, type ImapFlowError } from 'imapflow';
import { createTransport } from 'nodemailer';
import {
  imapOptions,
  imapServerWords,
  type NetError,
  networkWords as networkWordsFor,
  oneLine,
  smtpOptions,
} from './mail-connection.ts';

/** A mailbox's connection settings with its passwords in the clear (never stored or answered so). */
export interface MailboxConnection {
  imap_host: string;
  imap_port: number;
  imap_security: MailSecurity;
  imap_user: string;
  imap_password: string;
  smtp_host: string;
  smtp_port: number;
  smtp_security: MailSecurity;
  /** Empty: the SMTP server takes mail without a login. */
  smtp_user: string;
  smtp_password: string;
}

/** Each step of a test waits at most this long; a server that does not answer is a timeout, not a hang. */
export const MAIL_TEST_TIMEOUT_MS = 10_000;

type Step = MailboxTestResult['steps'][number];

const imapSettings = (c: MailboxConnection) => ({
  host: c.imap_host,
  port: c.imap_port,
  security: c.imap_security,
  user: c.imap_user,
  password: c.imap_password,
});
const smtpSettings = (c: MailboxConnection) => ({
  host: c.smtp_host,
  port: c.smtp_port,
  security: c.smtp_security,
  user: c.smtp_user,
  password: c.smtp_password,
});
const networkWords = (err: NetError, host: string, port: number) =>
  networkWordsFor(err, host, port, MAIL_TEST_TIMEOUT_MS);

async function testImap(c: MailboxConnection): Promise<Step[]> {
  const client = new ImapFlow(imapOptions(imapSettings(c), MAIL_TEST_TIMEOUT_MS));
  // A late socket error must not become an unhandled 'error' event.
  client.on('error', () => {});
  const steps: Step[] = [];
  try {
    await client.connect();
    steps.push({ step: 'imap_connect', ok: true, message: null });
    steps.push({ step: 'imap_login', ok: true, message: null });
  } catch (error) {
    const err = error as ImapFlowError;
    // A greeting came and no TLS upgrade failed: the connection stood and the login failed.
    if (err.authenticationFailed || (client.greeting !== undefined && !err.tlsFailed)) {
      steps.push({ step: 'imap_connect', ok: true, message: null });
      steps.push({ step: 'imap_login', ok: false, message: imapServerWords(err) });
    } else {
      steps.push({
        step: 'imap_connect',
        ok: false,
        message: networkWords(err, c.imap_host, c.imap_port),
      });
    }
    client.close();
    return steps;
  }
  try {
    const folders = await client.list();
    steps.push({
      step: 'imap_list',
      ok: folders.length > 0,
      message: folders.length > 0 ? null : 'The server lists no folders for this user',
    });
  } catch (error) {
    steps.push({ step: 'imap_list', ok: false, message: imapServerWords(error as ImapFlowError) });
  } finally {
    await client.logout().catch(() => client.close());
  }
  return steps;
}

async function testSmtp(c: MailboxConnection): Promise<Step[]> {
  const transport = createTransport(smtpOptions(smtpSettings(c), MAIL_TEST_TIMEOUT_MS));
  try {
    await transport.verify();
    return [
      { step: 'smtp_connect', ok: true, message: null },
      { step: 'smtp_auth', ok: true, message: c.smtp_user ? null : 'No login: the mailbox has no SMTP user' },
    ];
  } catch (error) {
    const err = error as NetError & { response?: string };
    if (err.code === 'EAUTH' || err.code === 'ENOAUTH')
      return [
        { step: 'smtp_connect', ok: true, message: null },
        { step: 'smtp_auth', ok: false, message: oneLine(err.response || err.message) },
      ];
    // A server that answered says why in its own words; otherwise the network does.
    const words =
      err.code === 'ETLS'
        ? `TLS failed: ${oneLine(err.response || err.message)}`
        : err.response
          ? oneLine(err.response)
          : networkWords(err, c.smtp_host, c.smtp_port);
    return [{ step: 'smtp_connect', ok: false, message: words }];
  } finally {
    transport.close();
  }
}

/**
 * "Test connection" (decision 0014): IMAP connect, login and LIST, then SMTP connect and AUTH,
 * each step's outcome in the server's own words. Both protocols are tried even when one fails;
 * within one, a failed step ends it. No database work happens meanwhile.
 */
export async function testMailboxConnection(c: MailboxConnection): Promise<MailboxTestResult> {
  const [imap, smtp] = await Promise.all([testImap(c), testSmtp(c)]);
  const steps = [...imap, ...smtp];
  return { ok: steps.length === 5 && steps.every((s) => s.ok), steps };
}
