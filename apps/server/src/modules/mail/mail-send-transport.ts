import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { imapOptions, type ServerSettings, smtpOptions } from './mail-connection.ts';

export type { ServerSettings } from './mail-connection.ts';

/** How long a step of a send may take (connect, greeting, a command) before it fails. */
export const MAIL_SEND_TIMEOUT_MS = 20_000;

/**
 * Sends a raw message through the office's SMTP server, on its own connection, closed after.
 * Answers the recipients the server refused while taking the message for the others; throws when
 * it took it for nobody (refused every recipient, no connection, a failed login, a timeout).
 */
export async function smtpSend(
  smtp: ServerSettings,
  envelope: { from: string; to: string[] },
  raw: Buffer,
  timeoutMs = MAIL_SEND_TIMEOUT_MS,
): Promise<{ rejected: string[] }> {
  const transport = createTransport(smtpOptions(smtp, timeoutMs));
  try {
    const info = await transport.sendMail({ envelope, raw });
    return {
      rejected: ((info.rejected ?? []) as (string | { address: string })[]).map((r) =>
        typeof r === 'string' ? r : r.address,
      ),
    };
  } finally {
    transport.close();
  }
}

/** The words of a failed send, for the person who sent it: the server's reply where there is one. */
export function sendFailureReason(error: unknown): string {
  const e = error as { message?: string; code?: string };
  let reason = (e.message ?? String(error)).replace(/\s+/g, ' ').trim();
  if (e.code === 'ETIMEDOUT' || /timeout/i.test(reason))
    reason = `the mail server did not answer in time (${reason})`;
  return reason.length > 500 ? `${reason.slice(0, 497)}...` : reason || 'unknown error';
}

/** Where the copy landed: its UID when the server says (UIDPLUS). */
export interface Appended {
  uidvalidity: number | null;
  uid: number | null;
}

/** Appends a raw message to a folder (the Sent one), flagged \Seen, on a connection of its own. */
export async function imapAppend(
  imap: ServerSettings,
  folderPath: string,
  raw: Buffer,
  date: Date,
  timeoutMs = MAIL_SEND_TIMEOUT_MS,
): Promise<Appended> {
  const client = new ImapFlow(imapOptions(imap, timeoutMs, { socketTimeout: timeoutMs }));
  // A connection error after connect() is also emitted: without a listener it would be thrown.
  client.on('error', () => {});
  await client.connect();
  try {
    const result = await client.append(folderPath, raw, ['\\Seen'], date);
    if (!result) return { uidvalidity: null, uid: null };
    return {
      uidvalidity: result.uidValidity === undefined ? null : Number(result.uidValidity),
      uid: result.uid ?? null,
    };
  } finally {
    await client.logout().catch(() => client.close());
  }
}
