import { ImapFlow, type Logger } from 'imapflow';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from './dovecot.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

/**
 * The mail test servers themselves: a real Dovecot for IMAP and the SMTP sink, driven by the
 * libraries the mail agent uses (imapflow, nodemailer, mailparser). If this file fails, the mail
 * tests cannot be trusted.
 */

const OFFICE = { user: 'office@example.com', password: 'office-pass-1' };
let dovecot: Dovecot;
let sink: SmtpSink;
let startupMs = 0;
/** How long a test waits for something that should come (no sleeps: this bounds a wait on an event). */
const WAIT_MS = 5000;

/** A promise that rejects with `what` if it has not settled within WAIT_MS. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${WAIT_MS} ms: ${what}`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function message(opts: { messageId: string; subject: string; attachment?: Buffer }): Promise<Buffer> {
  return new MailComposer({
    from: 'Client <client@example.org>',
    to: OFFICE.user,
    subject: opts.subject,
    messageId: opts.messageId,
    text: `About ${opts.subject}`,
    html: `<p>About <b>${opts.subject}</b></p>`,
    ...(opts.attachment && {
      attachments: [{ filename: 'passport.pdf', content: opts.attachment, contentType: 'application/pdf' }],
    }),
  })
    .compile()
    .build();
}

/** A silent imapflow logger that reports when the server has accepted IDLE (its `+` continuation). */
function idleWatcher() {
  let onIdling: () => void = () => {};
  const idling = new Promise<void>((resolve) => {
    onIdling = resolve;
  });
  const logger: Logger = {
    debug(entry: { msg?: string }) {
      if (entry.msg?.startsWith('Initiated IDLE')) onIdling();
    },
    info() {},
    warn() {},
    error() {},
  };
  return { logger, idling };
}

function imapClient(logger: Logger | false = false, password = OFFICE.password) {
  return new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: OFFICE.user, pass: password },
    disableAutoIdle: true,
    logger,
  });
}

beforeAll(async () => {
  const started = performance.now();
  dovecot = await startDovecot({ users: [OFFICE] });
  startupMs = performance.now() - started;
  sink = await startSmtpSink({ users: [OFFICE], rejectRecipients: ['nobody@example.org'] });
});
afterAll(async () => {
  await sink?.stop();
  await dovecot?.stop();
});

describe('Dovecot', () => {
  it('starts in well under 2 s', () => {
    expect(startupMs).toBeLessThan(2000);
  });

  it('delivers a message with an attachment that an IMAP client reads back intact', async () => {
    const pdf = Buffer.from('%PDF-1.4 passport scan \u0000\u00ff bytes');
    await dovecot.deliver(
      OFFICE.user,
      await message({ messageId: '<first@example.org>', subject: 'Visa', attachment: pdf }),
    );

    const client = imapClient();
    await client.connect();
    try {
      expect(client.capabilities.has('IDLE')).toBe(true);
      const inbox = await client.mailboxOpen('INBOX');
      expect(inbox.exists).toBe(1);
      const [fetched] = await client.fetchAll('1:*', {
        uid: true,
        envelope: true,
        bodyStructure: true,
        source: true,
      });
      expect(fetched?.envelope?.messageId).toBe('<first@example.org>');
      expect(fetched?.envelope?.subject).toBe('Visa');
      const parts = fetched?.bodyStructure?.childNodes ?? [];
      expect(parts.some((part) => part.disposition === 'attachment' && part.type === 'application/pdf')).toBe(
        true,
      );

      const parsed = await simpleParser(fetched!.source!);
      expect(parsed.text?.trim()).toBe('About Visa');
      expect(parsed.attachments).toHaveLength(1);
      expect(parsed.attachments[0]?.filename).toBe('passport.pdf');
      expect(parsed.attachments[0]?.content.equals(pdf)).toBe(true);
    } finally {
      await client.logout();
    }
  });

  it('has the usual special-use folders', async () => {
    const client = imapClient();
    await client.connect();
    try {
      const folders = await client.list();
      const specialUse = Object.fromEntries(folders.map((f) => [f.path, f.specialUse]));
      expect(specialUse).toMatchObject({
        Sent: '\\Sent',
        Drafts: '\\Drafts',
        Trash: '\\Trash',
        Junk: '\\Junk',
      });
    } finally {
      await client.logout();
    }
  });

  it('tells an IDLE-ing client of a message delivered meanwhile', async () => {
    const { logger, idling } = idleWatcher();
    const client = imapClient(logger);
    await client.connect();
    try {
      const inbox = await client.mailboxOpen('INBOX');
      const before = inbox.exists;
      const grew = new Promise<number>((resolve) => {
        client.on('exists', (event) => {
          if (event.count > before) resolve(event.count);
        });
      });
      const idle = client.idle();
      await within(idling, 'the server accepting IDLE');

      await dovecot.deliver(
        OFFICE.user,
        await message({ messageId: '<second@example.org>', subject: 'Flights' }),
      );
      expect(await within(grew, 'an EXISTS while idling')).toBe(before + 1);

      // A fetch breaks IDLE; the new message is there with its Message-ID.
      const last = (await client.fetchOne('*', { uid: true, envelope: true })) || undefined;
      expect(last?.envelope?.messageId).toBe('<second@example.org>');
      await within(idle, 'IDLE to end');
    } finally {
      await client.logout();
    }
  });

  it('refuses a wrong password, and says so in its log', async () => {
    const client = imapClient(false, 'wrong-pass');
    await expect(client.connect()).rejects.toMatchObject({ authenticationFailed: true });
    expect(dovecot.logTail()).toMatch(/office@example\.com.*[Pp]assword mismatch/);
  });
});

describe('SMTP sink', () => {
  const transport = () =>
    createTransport({
      host: sink.host,
      port: sink.port,
      secure: false,
      ignoreTLS: true,
      auth: { user: OFFICE.user, pass: OFFICE.password },
    });

  it('receives a reply sent with nodemailer, threading headers intact', async () => {
    const references = ['<first@example.org>', '<second@example.org>'];
    await transport().sendMail({
      from: OFFICE.user,
      to: 'client@example.org',
      bcc: 'archive@example.com',
      subject: 'Re: Flights',
      text: 'Booked.',
      inReplyTo: '<second@example.org>',
      references,
    });
    const received = await sink.next();
    expect(received.user).toBe(OFFICE.user);
    expect(received.from).toBe(OFFICE.user);
    expect(received.to).toEqual(['client@example.org', 'archive@example.com']);
    const parsed = await simpleParser(received.raw);
    expect(parsed.inReplyTo).toBe('<second@example.org>');
    expect(parsed.references).toEqual(references);
    expect(parsed.subject).toBe('Re: Flights');
    expect(parsed.headers.has('bcc')).toBe(false);
  });

  it('refuses a send without the right login, and a recipient it was told to reject', async () => {
    const stranger = createTransport({
      host: sink.host,
      port: sink.port,
      secure: false,
      ignoreTLS: true,
      auth: { user: OFFICE.user, pass: 'wrong-pass' },
    });
    await expect(
      stranger.sendMail({ from: OFFICE.user, to: 'client@example.org', text: 'x' }),
    ).rejects.toMatchObject({
      code: 'EAUTH',
    });
    await expect(
      transport().sendMail({ from: OFFICE.user, to: 'nobody@example.org', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(sink.messages).toHaveLength(1);
  });
});
