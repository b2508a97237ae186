import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free loopback port (the project's smtp-server) that keeps every message
 * it accepts. Plain text, no STARTTLS. With `users`, a login is required; without, it is optional.
 */

export interface SinkMessage {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO), Bcc included. */
  to: string[];
  /** The message as received, headers and body. */
  raw: Buffer;
  /** Who logged in to send it, if anyone. */
  user: string | undefined;
}

export interface SmtpSink {
  host: string;
  port: number;
  /** Every message accepted so far, in order. */
  messages: SinkMessage[];
  /** The next message not yet returned by `next()` (already received or to come), or a timeout error. */
  next(timeoutMs?: number): Promise<SinkMessage>;
  stop(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Accounts that may log in (PLAIN or LOGIN); when given, sending needs a login. */
  users?: { user: string; password: string }[];
  /** Recipients refused with `550 No such user`, to test a send that fails. */
  rejectRecipients?: string[];
}

export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  const rejected = new Set((opts.rejectRecipients ?? []).map((address) => address.toLowerCase()));

  const server = new SMTPServer({
    authOptional: !opts.users,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      const account = opts.users?.find((u) => u.user === auth.username && u.password === auth.password);
      if (!account) {
        callback(new Error('Invalid username or password'));
        return;
      }
      callback(null, { user: account.user });
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    messages,
    next(timeoutMs = 5000) {
      const index = taken++;
      return new Promise((resolve, reject) => {
        const check = () => {
          const message = messages[index];
          if (!message) return false;
          clearTimeout(timer);
          resolve(message);
          return true;
        };
        const timer = setTimeout(
          () => reject(new Error(`SMTP sink: no message #${index + 1} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        if (check()) return;
        const wait = () => {
          if (!check()) waiters.push(wait);
        };
        waiters.push(wait);
      });
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
