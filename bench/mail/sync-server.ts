/**
 * The mail sync bench's server process (bench/support/bench-server.ts): the real app on its own
 * database with BENCH_CLIENTS clients (the picker's data), and a real Dovecot whose INBOX holds
 * BENCH_SYNC_MESSAGES messages, written straight into its maildir (a delivery each would take
 * minutes) and indexed by Dovecot before the sync starts. `measure sync` runs the first sync pass
 * of that mailbox in this process, beside the API the load generator calls.
 */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import type { MailDeps } from '../../apps/server/src/modules/mail/mail.deps.ts';
import { mailboxes } from '../../apps/server/src/modules/mail/mail.table.ts';
import { syncMailbox } from '../../apps/server/src/modules/mail/mail-sync.ts';
import { regions } from '../../apps/server/src/modules/rates/regions.table.ts';
import { createBlobStore } from '../../apps/server/src/platform/blob-store.ts';
import { createSecretBox } from '../../apps/server/src/platform/secret-box.ts';
import { type Dovecot, startDovecot } from '../../apps/server/src/test/dovecot.ts';
import { directorySize, generateDirectory } from '../directory/generate.ts';
import { log, startBenchServer } from '../support/bench-server.ts';

const env = process.env;
const CLIENTS = Number(env.BENCH_CLIENTS ?? 20_000);
const MESSAGES = Number(env.BENCH_SYNC_MESSAGES ?? 50_000);
const OFFICE = { user: 'office@bench.example', password: 'bench-office-pass' };
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

let dovecot: Dovecot | undefined;
const key = randomBytes(32);
const blobDir = mkdtempSync(path.join(os.tmpdir(), 'bench-mail-sync-blobs-'));
process.once('exit', () => rmSync(blobDir, { recursive: true, force: true }));

// Words for subjects and bodies: a travel office's mail, varied enough for a real index.
const WORDS =
  'hotel flight transfer visa passport booking confirmation invoice payment deposit balance suite villa yacht chauffeur dinner reservation itinerary arrival departure airport terminal luggage upgrade breakfast spa excursion guide tickets opera museum desert safari island resort beach ski chalet concierge insurance refund change cancel dates guests children nanny allergy vegetarian champagne birthday anniversary surprise gala private jet helicopter marina berth crew menu wine tasting golf tennis'.split(
    ' ',
  );
const SUBJECTS = [
  'Change of dates for the stay',
  'Question about the invoice',
  'Transfer from the airport',
  'Passport copies attached',
  'Thank you for the wonderful trip',
  'Dinner reservation for Saturday',
  'Visa documents',
  'Upgrade to a suite?',
];

/** A deterministic pseudo-random sequence (the bench's mail is the same every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function sentence(rnd: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rnd() * WORDS.length)]!);
  return `${out.join(' ')}.`;
}

const ATTACHMENT = randomBytes(24 * 1024)
  .toString('base64')
  .replace(/.{76}/g, '$&\r\n');

/** A message's date: ten minutes apart from 2025 on. */
const dateOf = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 600_000);

/**
 * One message as a mail program would write it: text and HTML alternatives (every second one),
 * one in 20 with a 24 KB attachment; 4 in 10 from a client's address (linked; a NewEmail for
 * today's), one in 10 naming a request number in the subject.
 */
function message(i: number, senders: string[], rnd: () => number): string {
  const known = i % 10 < 4 && senders.length > 0;
  const from = known ? senders[i % senders.length]! : `someone${i}@example.net`;
  let subject = SUBJECTS[i % SUBJECTS.length]!;
  if (i % 10 === 9) subject += ` (BSLF-2026-${String(i % 100_000).padStart(5, '0')})`;
  const paragraphs = Array.from({ length: 3 + (i % 4) }, () => sentence(rnd, 15 + Math.floor(rnd() * 25)));
  const text = `Dear office,\r\n\r\n${paragraphs.join('\r\n\r\n')}\r\n\r\nKind regards`;
  const date = dateOf(i).toUTCString().replace('GMT', '+0000');
  const head = [
    `Message-ID: <bench-${i}@example.org>`,
    `Date: ${date}`,
    `From: "Sender ${i}" <${from}>`,
    `To: Office <${OFFICE.user}>`,
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
  ];
  const textPart = `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${text}\r\n`;
  const htmlPart = `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n<html><body>${paragraphs.map((p) => `<p>${p}</p>`).join('')}<p>Kind regards</p></body></html>\r\n`;
  let body: string;
  if (i % 2 === 0) {
    body = `Content-Type: multipart/alternative; boundary="alt${i}"\r\n\r\n--alt${i}\r\n${textPart}--alt${i}\r\n${htmlPart}--alt${i}--\r\n`;
  } else body = textPart;
  if (i % 20 === 0) {
    body = `Content-Type: multipart/mixed; boundary="mix${i}"\r\n\r\n--mix${i}\r\n${body}--mix${i}\r\nContent-Type: application/pdf; name="voucher-${i}.pdf"\r\nContent-Disposition: attachment; filename="voucher-${i}.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n${ATTACHMENT}\r\n--mix${i}--\r\n`;
  }
  return `${head.join('\r\n')}\r\n${body}`;
}

function doveadm(dir: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('doveadm', ['-c', path.join(dir, 'dovecot.conf'), ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`doveadm ${args.join(' ')}: ${code}`)),
    );
  });
}

/** Fills the INBOX: the first message delivered (it makes the maildir), the rest written as files. */
async function fillMaildir(server: Dovecot, senders: string[]) {
  const rnd = random(7);
  await server.deliver(OFFICE.user, message(0, senders, rnd));
  const maildir = path.join(server.dir, 'home', OFFICE.user, 'Maildir');
  const { uid, gid } = statSync(maildir);
  const stamp = Math.floor(Date.now() / 1000);
  for (let i = 1; i < MESSAGES; i++) {
    // One in three read in another mail program before the first sync (the maildir's S flag).
    const file = path.join(maildir, 'cur', `${stamp}.M${i}P${process.pid}.bench:2,${i % 3 === 0 ? 'S' : ''}`);
    writeFileSync(file, message(i, senders, rnd));
    chownSync(file, uid, gid);
    // Dovecot's arrival time is the file's: history for all but the last 1% (today's mail, announced).
    if (i < MESSAGES * 0.99) utimesSync(file, dateOf(i), dateOf(i));
  }
  const t0 = Date.now();
  // Dovecot reads the new files into its index now (a live server has done so long before a sync).
  await doveadm(server.dir, ['index', '-u', OFFICE.user, 'INBOX']);
  log(`Dovecot indexed ${MESSAGES} messages in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

interface SyncSample {
  mailboxId: number;
  messages: number;
  clients: number;
  terms: string[];
}

await startBenchServer<SyncSample>({
  name: 'mail_sync',
  async fill(db, logLine) {
    const size = await directorySize(db);
    if (size.clients < CLIENTS) {
      const t0 = Date.now();
      logLine(`generating ${CLIENTS} clients...`);
      await generateDirectory(db, { clients: CLIENTS, suppliers: 500, log: logLine });
      logLine(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    // The mailbox is synced the first time on every run (the directory may be reused).
    await db.delete(mailboxes);
    const senders = (
      await rowsOf<{ email: string }>(
        db.execute(sql`select email from clients where email is not null order by id limit 2000`),
      )
    ).map((r) => r.email);
    const t0 = Date.now();
    dovecot = await startDovecot({ users: [OFFICE] });
    process.once('exit', () => void dovecot?.stop());
    await fillMaildir(dovecot, senders);
    logLine(`maildir of ${MESSAGES} messages ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const [london] = await db.select().from(regions).where(sql`${regions.title} = 'London'`);
    await db.insert(mailboxes).values({
      region_id: london!.id,
      name: 'London office',
      address: OFFICE.user,
      imap_host: dovecot.host,
      imap_port: dovecot.port,
      imap_security: 'none',
      imap_user: OFFICE.user,
      imap_password_enc: createSecretBox(key).seal(OFFICE.password),
      smtp_host: '127.0.0.1',
      smtp_port: 25,
      smtp_security: 'none',
    });
  },
  analyze: ['clients', 'users', 'requests', 'mailboxes'],
  sample: async (db) => {
    const [box] = await db.select({ id: mailboxes.id }).from(mailboxes);
    const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    const people = await rowsOf<{ first_name: string; last_name: string }>(
      db.execute(
        sql`select first_name, last_name from clients where archived_at is null order by id desc limit 300`,
      ),
    );
    return {
      mailboxId: box!.id,
      messages: MESSAGES,
      clients: (await directorySize(db)).clients,
      // What people type in the picker: the start of a surname, or a first name and a surname's start.
      terms: people.flatMap((c, i) => [
        fold(c.last_name).slice(0, 2 + (i % 4)),
        `${fold(c.first_name)} ${fold(c.last_name).slice(0, 2)}`,
      ]),
    };
  },
  measures: (sample) => ({
    async sync(db: Db) {
      const deps: Pick<MailDeps, 'db' | 'blobs' | 'secrets'> = {
        db,
        blobs: createBlobStore(blobDir),
        secrets: createSecretBox(key),
      };
      const t0 = performance.now();
      let fetched = 0;
      let next = 5000;
      const result = await syncMailbox(deps, sample.mailboxId, {
        onBatch: (b) => {
          fetched += b.fetched;
          if (fetched >= next) {
            next += 5000;
            const s = (performance.now() - t0) / 1000;
            log(`  ${fetched} messages in ${s.toFixed(1)} s (${(fetched / s).toFixed(0)}/s)`);
          }
        },
      });
      log(`SYNC_RESULT ${JSON.stringify({ stored: result.stored, folders: result.folders })}`);
    },
  }),
});
