import type { MailboxTestResult, MailSecurity } from '@app/shared';
import { ImapFlow, type ImapFlowError } from 'imapflow';
import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

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

/** imapflow's options for a mailbox: `tls` is TLS from the start, `starttls` requires the upgrade. */
export function imapOptions(c: MailboxConnection, timeoutMs = MAIL_TEST_TIMEOUT_MS) {
  return {
    host: c.imap_host,
    port: c.imap_port,
    secure: c.imap_security === 'tls',
    doSTARTTLS: c.imap_security === 'starttls' ? true : c.imap_security === 'none' ? false : undefined,
    auth: { user: c.imap_user, pass: c.imap_password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 3,
    disableAutoIdle: true,
    logger: false as const,
  };
}

/** nodemailer's SMTP options for a mailbox: no login when it has no SMTP user. */
export function smtpOptions(c: MailboxConnection, timeoutMs = MAIL_TEST_TIMEOUT_MS): SMTPTransport.Options {
  return {
    host: c.smtp_host,
    port: c.smtp_port,
    secure: c.smtp_security === 'tls',
    requireTLS: c.smtp_security === 'starttls',
    ignoreTLS: c.smtp_security === 'none',
    ...(c.smtp_user && { auth: { user: c.smtp_user, pass: c.smtp_password } }),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    logger: false,
  };
}

/** One line, bounded: what a server or the network said. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500);

type NetError = Error & { code?: string; originalCode?: string; reason?: string; tlsFailed?: boolean };

/** Socket, DNS and TLS failures in words a person configuring a mailbox can act on. */
function networkWords(err: NetError, host: string, port: number): string {
  const code = err.originalCode ?? err.code ?? '';
  const where = `${host}:${port}`;
  if (code === 'ECONNREFUSED') return `Connection refused by ${where}: nothing listens on that port`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EDNS') return `Host not found: ${host}`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${where} cannot be reached from this server`;
  if (/TIMEOUT|TIMEDOUT/.test(code)) return `No answer from ${where} within ${MAIL_TEST_TIMEOUT_MS / 1000} s`;
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER')
    return `TLS failed: ${where} does not speak TLS on that port (try STARTTLS or no encryption)`;
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || /certificate|CERT_/i.test(code))
    return `TLS failed: ${oneLine(err.reason || err.message)}`;
  if (err.tlsFailed) return `TLS failed: ${oneLine(err.message)}`;
  return oneLine(err.message || code || 'Connection failed');
}

/** The server's own words of a refused IMAP command: "Authentication failed. [AUTHENTICATIONFAILED]". */
function imapServerWords(err: ImapFlowError): string {
  if (err.responseText)
    return oneLine(
      err.serverResponseCode ? `${err.responseText} [${err.serverResponseCode}]` : err.responseText,
    );
  const response = typeof err.response === 'string' ? err.response.replace(/^\S+ (?=NO|BAD)/, '') : '';
  return oneLine(response || err.message || 'Refused');
}

async function testImap(c: MailboxConnection): Promise<Step[]> {
  const client = new ImapFlow(imapOptions(c));
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
  const transport = createTransport(smtpOptions(c));
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
