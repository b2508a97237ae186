import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

/** A real SMTP server on loopback that keeps what it receives. */
let server: SMTPServer;
let port: number;
const received: { from: string; to: string[]; raw: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const silentLog = () => {
  const lines: { obj: unknown; msg: string }[] = [];
  const log = { info: (obj: unknown, msg: string) => void lines.push({ obj, msg }) };
  return { lines, log: log as unknown as Parameters<typeof createMailer>[1] };
};

describe('mailer', () => {
  it('sends through SMTP when SMTP_URL is set', async () => {
    const { log } = silentLog();
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Back office <bo@example.com>' },
      log,
    );
    await mailer.send({ to: 'fo@example.com', subject: 'Reset your password', text: 'Open this link' });
    const mail = received.at(-1)!;
    expect(mail.from).toBe('bo@example.com');
    expect(mail.to).toEqual(['fo@example.com']);
    expect(mail.raw).toContain('Subject: Reset your password');
    expect(mail.raw).toContain('Open this link');
  });

  it('sends a copy and an attachment through SMTP', async () => {
    const { log } = silentLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'bo@example.com' }, log);
    const pdf = Buffer.from('%PDF-1.3 an invoice');
    await mailer.send({
      to: 'client@example.com',
      cc: 'accounts@example.com',
      subject: 'Invoice',
      text: 'Please find attached',
      attachments: [{ filename: 'TPRO-INV-2026-0007.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(['client@example.com', 'accounts@example.com']);
    expect(mail.raw).toContain('Cc: accounts@example.com');
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=TPRO-INV-2026-0007\.pdf/);
    expect(mail.raw).toContain(pdf.toString('base64'));
  });

  it('logs attachments by name and size, never their contents', async () => {
    const { lines, log } = silentLog();
    await createMailer({ smtpUrl: undefined, from: 'x@example.com' }, log).send({
      to: 'fo@example.com',
      subject: 'Invoice',
      text: 'attached',
      attachments: [
        { filename: 'a.pdf', content: Buffer.from('secret-bytes'), contentType: 'application/pdf' },
      ],
    });
    expect(lines[0]!.obj).toEqual({
      to: 'fo@example.com',
      subject: 'Invoice',
      attachments: [{ filename: 'a.pdf', size: 12 }],
    });
    expect(JSON.stringify(lines)).not.toContain('secret-bytes');
    expect(JSON.stringify(lines)).not.toContain(Buffer.from('secret-bytes').toString('base64'));
  });

  it('writes the message to the log when no SMTP_URL is set', async () => {
    const { lines, log } = silentLog();
    const before = received.length;
    await createMailer({ smtpUrl: undefined, from: 'x@example.com' }, log).send({
      to: 'fo@example.com',
      subject: 'Hello',
      text: 'the body with a link',
    });
    expect(received.length).toBe(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toContain('the body with a link');
    expect(lines[0]!.obj).toEqual({ to: 'fo@example.com', subject: 'Hello' });
  });
});
