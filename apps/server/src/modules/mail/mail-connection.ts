import type { MailSecurity } from '@app/shared';
import type { ImapFlowError, ImapFlowOptions } from 'imapflow';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/**
 * How the mail module reaches a mailbox's servers, in one place: the options of imapflow and
 * nodemailer for a mailbox's settings, and the words of a failure (the server's own where it gave
 * any, else the network's), for the sync's `last_error`, a send's refusal and "test connection".
 * A password goes into the options only: never into words, logs or errors.
 */

/** One server's settings with its password in the clear (never stored or answered so). */
export interface ServerSettings {
  host: string;
  port: number;
  security: MailSecurity;
  /** Empty or null: no login (SMTP only). */
  user: string | null;
  password: string | null;
}

/** imapflow's options: `tls` is TLS from the start, `starttls` requires the upgrade, `none` never. */
export function imapOptions(
  s: ServerSettings,
  timeoutMs: number,
  extra: ImapFlowOptions = {},
): ImapFlowOptions {
  return {
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    doSTARTTLS: s.security === 'starttls' ? true : s.security === 'none' ? false : undefined,
    auth: { user: s.user ?? '', pass: s.password ?? '' },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 3,
    disableAutoIdle: true,
    logger: false,
    ...extra,
  };
}

/** nodemailer's SMTP options: no login when there is no user. */
export function smtpOptions(s: ServerSettings, timeoutMs: number): SMTPTransport.Options {
  return {
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    requireTLS: s.security === 'starttls',
    ignoreTLS: s.security === 'none',
    ...(s.user && { auth: { user: s.user, pass: s.password ?? '' } }),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    logger: false,
  };
}

/** One line, bounded: what a server or the network said. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500);

export type NetError = Error & { code?: string; originalCode?: string; reason?: string; tlsFailed?: boolean };

/** Socket, DNS and TLS failures in words a person configuring a mailbox can act on. */
export function networkWords(err: NetError, host: string, port: number, timeoutMs: number): string {
  const code = err.originalCode ?? err.code ?? '';
  const where = `${host}:${port}`;
  if (code === 'ECONNREFUSED') return `Connection refused by ${where}: nothing listens on that port`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EDNS') return `Host not found: ${host}`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${where} cannot be reached from this server`;
  if (/TIMEOUT|TIMEDOUT/.test(code)) return `No answer from ${where} within ${timeoutMs / 1000} s`;
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER')
    return `TLS failed: ${where} does not speak TLS on that port (try STARTTLS or no encryption)`;
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || /certificate|CERT_/i.test(code))
    return `TLS failed: ${oneLine(err.reason || err.message)}`;
  if (err.tlsFailed) return `TLS failed: ${oneLine(err.message)}`;
  return oneLine(err.message || code || 'Connection failed');
}

/** The server's own words of a refused IMAP command: "Authentication failed. [AUTHENTICATIONFAILED]". */
export function imapServerWords(err: ImapFlowError): string {
  if (err.responseText)
    return oneLine(
      err.serverResponseCode ? `${err.responseText} [${err.serverResponseCode}]` : err.responseText,
    );
  const response = typeof err.response === 'string' ? err.response.replace(/^\S+ (?=NO|BAD)/, '') : '';
  return oneLine(response || err.message || 'Refused');
}

/**
 * A failed IMAP connection or command in one line, saying where: "Login refused by host:143:
 * Authentication failed. [AUTHENTICATIONFAILED]", "host:143 answered: …", or the network's words.
 */
export function imapErrorWords(err: unknown, host: string, port: number, timeoutMs: number): string {
  const e = err as ImapFlowError & NetError;
  const where = `${host}:${port}`;
  if (e?.authenticationFailed) return `Login refused by ${where}: ${imapServerWords(e)}`;
  if (e?.responseText) return `${where} answered: ${imapServerWords(e)}`;
  if (!(e instanceof Error)) return `${where}: ${oneLine(String(err))}`;
  const words = networkWords(e, host, port, timeoutMs);
  return words.includes(host) ? words : `${where}: ${words}`;
}
