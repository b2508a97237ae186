import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { MailAddress } from '@app/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { createBlobStore } from '../../platform/blob-store.ts';
import type { SeedContext } from '../../platform/module.ts';
import { createSecretBox, loadSecretKey } from '../../platform/secret-box.ts';
import { clients } from '../directory/clients.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { regions } from '../rates/regions.table.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { mailboxes, mailFolders, mailMessages } from './mail.table.ts';
import { composeMessage } from './mail-send-compose.ts';
import { prepareMessage, type StoreItem, storeMessages } from './mail-store.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The demo mailboxes' password (sealed like any other; there is no server behind them). */
const DEMO_MAILBOX_PASSWORD = 'demo-mailbox-password';
const DOMAIN = 'concierge.example.com';

// ---------------------------------------------------------------------------------------------
// Tiny real attachments, made here so the demo needs no binary fixtures.

/** A one-page PDF with a title and a few lines of Helvetica. */
function tinyPdf(title: string, lines: string[]): Buffer {
  const esc = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = ['BT /F1 18 Tf 72 760 Td', `(${esc(title)}) Tj`, '/F1 11 Tf 0 -30 Td 15 TL']
    .concat(
      lines.map((l) => `(${esc(l)}) '`),
      'ET',
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A grey card with a darker photo square: a passport scan stand-in (PNG, RGB). */
function passportScan(): Buffer {
  const [width, height] = [180, 120];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const photo = x > 12 && x < 62 && y > 18 && y < 88;
      const line = y % 12 === 0 && x > 76 && x < 168;
      const v = photo ? 120 : line ? 90 : 228;
      raw.set([v, v + 4, v + 8], y * (width * 3 + 1) + 1 + x * 3);
    }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const NEWSLETTER_HTML = `<!doctype html>
<html><head><style>body{font-family:Georgia,serif;color:#222}</style></head>
<body>
<table width="600" align="center"><tr><td>
<img src="https://images.luxury-living.example/newsletter/2026/marina-hero.jpg" width="600" height="240" alt="The Marina at dusk">
<h1>This week at the Marina</h1>
<p>Three openings worth a reservation: a omakase counter with eight seats, a rooftop bar above the
yacht club and a members' spa with a hammam.</p>
<p><a href="https://luxury-living.example/r/8f2c91?u=dubai">Read the full guide</a></p>
<p style="font-size:11px;color:#888">You receive this because you subscribed at luxury-living.example.
<a href="https://luxury-living.example/unsubscribe?u=8f2c91">Unsubscribe</a></p>
<img src="https://t.luxury-living.example/open.gif?u=8f2c91&amp;c=week12" width="1" height="1" alt="" style="display:none">
</td></tr></table>
</body></html>`;

const NEWSLETTER_TEXT = `This week at the Marina

Three openings worth a reservation: a omakase counter with eight seats, a rooftop bar above the yacht
club and a members' spa with a hammam.

Read the full guide: https://luxury-living.example/r/8f2c91?u=dubai`;

// ---------------------------------------------------------------------------------------------

interface Party {
  client: MailAddress & { first: string };
  request: string;
}

interface Plan {
  key: string;
  /** Which of the office's demo requests (and its client) it is about; null: none. */
  party: number | null;
  direction: 'in' | 'out';
  /** Days and hours before the demo's clock. */
  at: [days: number, hours: number];
  from: 'client' | 'office' | 'supplier' | MailAddress;
  to: 'client' | 'office' | 'supplier' | MailAddress;
  subject: (p: Party) => string;
  text: (p: Party, o: { staff: string; office: string; supplier: string }) => string;
  /** The key of the message it answers (threading headers). */
  replyTo?: string;
  attachments?: (p: Party) => { filename: string; content: Buffer; contentType: string }[];
  html?: string;
  unread?: boolean;
}

const sign = (o: { staff: string; office: string }) => `Kind regards,\n${o.staff}\n${o.office}`;
const confirmation = (p: Party, hotel: string) => [
  {
    filename: `Confirmation-${p.request}.pdf`,
    contentType: 'application/pdf',
    content: tinyPdf(`${hotel}: booking confirmation`, [
      `Reference: ${p.request}`,
      `Guest: ${p.client.name}`,
      'Two nights, Deluxe Sea View room, breakfast included.',
      'Check-in from 15:00, check-out until 12:00.',
    ]),
  },
];

/**
 * The conversations of one office's mailbox, oldest first: clients writing about their requests
 * (the number in the subject), the office answering in thread, a hotel confirming and invoicing,
 * a client without a request, a stranger, and (Dubai) an HTML newsletter.
 */
function plansFor(office: string): Plan[] {
  const plans: Plan[] = [
    {
      key: 'partner',
      party: null,
      direction: 'in',
      at: [19, 5],
      from: { name: 'Galerie Privée Events', address: 'events@galerie-privee.example' },
      to: 'office',
      subject: () => 'Private viewing for your members',
      text: () =>
        'Good afternoon,\n\nWe open a private viewing of contemporary Gulf artists next month and would be glad to host your members, with a guided tour and a dinner.\n\nWarm regards,\nCamille Roux\nGalerie Privée',
    },
    {
      key: 'transfer',
      party: 0,
      direction: 'in',
      at: [17, 8],
      from: 'client',
      to: 'office',
      subject: (p) => `Airport transfer for ${p.request}`,
      text: (p) =>
        `Dear team,\n\nCould you arrange a car from the airport on arrival? We land on Friday at 14:20, four passengers and six suitcases.\n\nBest regards,\n${p.client.name}`,
    },
    {
      key: 'transfer-re',
      party: 0,
      direction: 'out',
      at: [17, 6],
      from: 'office',
      to: 'client',
      replyTo: 'transfer',
      subject: (p) => `Re: Airport transfer for ${p.request}`,
      text: (p, o) =>
        `Dear ${p.client.first},\n\nA Mercedes V-Class will wait for you at arrivals with a name sign; the driver's number follows the day before.\n\n${sign(o)}`,
    },
    {
      key: 'transfer-thanks',
      party: 0,
      direction: 'in',
      at: [16, 22],
      from: 'client',
      to: 'office',
      replyTo: 'transfer-re',
      subject: (p) => `Re: Airport transfer for ${p.request}`,
      text: () => 'Perfect, thank you!',
    },
    {
      key: 'flights',
      party: 4,
      direction: 'out',
      at: [15, 4],
      from: 'office',
      to: 'client',
      subject: (p) => `Flight options for ${p.request}`,
      text: (p, o) =>
        `Dear ${p.client.first},\n\nPlease find three flight options attached, all in business class. The second keeps your afternoon free.\n\n${sign(o)}`,
      attachments: (p) => [
        {
          filename: 'flight-options.pdf',
          contentType: 'application/pdf',
          content: tinyPdf(`Flight options, ${p.request}`, [
            '1. Morning departure, direct, 6h 55m.',
            '2. Midday departure, direct, 7h 05m.',
            '3. Evening departure, one stop, 9h 40m.',
          ]),
        },
      ],
    },
    {
      key: 'flights-re',
      party: 4,
      direction: 'in',
      at: [14, 20],
      from: 'client',
      to: 'office',
      replyTo: 'flights',
      subject: (p) => `Re: Flight options for ${p.request}`,
      text: (p) => `Option 2, please. Seats together if possible.\n\n${p.client.first}`,
    },
    {
      key: 'hotel',
      party: 1,
      direction: 'in',
      at: [12, 9],
      from: 'client',
      to: 'office',
      subject: (p) => `Hotel for ${p.request}: sea view please`,
      text: (p) =>
        `Hello,\n\nFor our stay we would love a room with a sea view and a late check-out on the last day.\n\nThank you,\n${p.client.name}`,
    },
    {
      key: 'hotel-booking',
      party: 1,
      direction: 'out',
      at: [12, 7],
      from: 'office',
      to: 'supplier',
      subject: (p) => `Booking request ${p.request}: two nights, sea view`,
      text: (p, o) =>
        `Dear reservations team,\n\nPlease book a Deluxe Sea View room for two nights for ${p.client.name}, breakfast included, with a late check-out on departure.\n\n${sign(o)}`,
    },
    {
      key: 'hotel-confirmed',
      party: 1,
      direction: 'in',
      at: [11, 23],
      from: 'supplier',
      to: 'office',
      replyTo: 'hotel-booking',
      subject: (p) => `Re: Booking request ${p.request}: two nights, sea view`,
      text: (_p, o) =>
        `Dear colleagues,\n\nThe booking is confirmed; the confirmation is attached. Late check-out until 16:00 is granted.\n\nReservations\n${o.supplier}`,
      attachments: (p) => confirmation(p, 'Reservations'),
    },
    {
      key: 'hotel-answer',
      party: 1,
      direction: 'out',
      at: [11, 21],
      from: 'office',
      to: 'client',
      replyTo: 'hotel',
      subject: (p) => `Re: Hotel for ${p.request}: sea view please`,
      text: (p, o) =>
        `Dear ${p.client.first},\n\nYour room is confirmed with a sea view, and the hotel grants a late check-out until 16:00. The confirmation is attached.\n\n${sign(o)}`,
      attachments: (p) => confirmation(p, 'Reservations'),
    },
    {
      key: 'passport',
      party: 2,
      direction: 'in',
      at: [9, 10],
      from: 'client',
      to: 'office',
      subject: (p) => `Passport copies for ${p.request}`,
      text: (p) =>
        `Good morning,\n\nMy passport scan is attached for the visa application.\n\n${p.client.name}`,
      attachments: () => [
        { filename: 'passport-scan.png', contentType: 'image/png', content: passportScan() },
      ],
    },
    {
      key: 'passport-re',
      party: 2,
      direction: 'out',
      at: [9, 8],
      from: 'office',
      to: 'client',
      replyTo: 'passport',
      subject: (p) => `Re: Passport copies for ${p.request}`,
      text: (p, o) =>
        `Dear ${p.client.first},\n\nReceived, thank you. We submit the application on Monday and expect the visa within five working days.\n\n${sign(o)}`,
    },
    {
      key: 'dinner',
      party: 3,
      direction: 'out',
      at: [6, 6],
      from: 'office',
      to: 'client',
      subject: (p) => `Dinner reservation confirmed, ${p.request}`,
      text: (p, o) =>
        `Dear ${p.client.first},\n\nYour table for two on the terrace is confirmed for Saturday at 20:30; flowers will be on the table.\n\n${sign(o)}`,
    },
    {
      key: 'dinner-re',
      party: 3,
      direction: 'in',
      at: [6, 2],
      from: 'client',
      to: 'office',
      replyTo: 'dinner',
      subject: (p) => `Re: Dinner reservation confirmed, ${p.request}`,
      text: () => 'Wonderful. Could we make it 21:00 instead?',
    },
    {
      key: 'dinner-re-re',
      party: 3,
      direction: 'out',
      at: [5, 21],
      from: 'office',
      to: 'client',
      replyTo: 'dinner-re',
      subject: (p) => `Re: Dinner reservation confirmed, ${p.request}`,
      text: (p, o) => `Dear ${p.client.first},\n\nDone: 21:00, the same table.\n\n${sign(o)}`,
    },
    {
      key: 'summer',
      party: 5,
      direction: 'in',
      at: [2, 4],
      from: 'client',
      to: 'office',
      // no request number: linked to the client by address
      subject: () => 'Plans for the summer',
      text: (p) =>
        `Hello,\n\nWe are thinking of two weeks in the Mediterranean in July, a yacht perhaps. Could you send a few ideas?\n\n${p.client.name}`,
      unread: true,
    },
    {
      key: 'invoice',
      party: 1,
      direction: 'in',
      at: [1, 3],
      from: 'supplier',
      to: 'office',
      subject: (p) => `Invoice INV-2291 for ${p.request}`,
      text: (_p, o) =>
        `Dear colleagues,\n\nOur invoice for the stay is attached, payable within 14 days.\n\nAccounts\n${o.supplier}`,
      attachments: (p) => [
        {
          filename: 'INV-2291.pdf',
          contentType: 'application/pdf',
          content: tinyPdf('Invoice INV-2291', [
            `Reference: ${p.request}`,
            'Deluxe Sea View, 2 nights',
            'Payable within 14 days.',
          ]),
        },
      ],
      unread: true,
    },
    {
      key: 'dates',
      party: 0,
      direction: 'in',
      at: [0, 3],
      from: 'client',
      to: 'office',
      subject: (p) => `Change of dates for ${p.request}`,
      text: (p) =>
        `Dear team,\n\nOur plans changed: could we arrive one day later, on Saturday? Everything else stays the same.\n\nThank you,\n${p.client.name}`,
      unread: true,
    },
  ];
  if (office === 'Dubai')
    plans.push({
      key: 'newsletter',
      party: null,
      direction: 'in',
      at: [4, 1],
      from: { name: 'Luxury Living Dubai', address: 'news@luxury-living.example' },
      to: 'office',
      subject: () => 'This week at the Marina: three new openings',
      text: () => NEWSLETTER_TEXT,
      html: NEWSLETTER_HTML,
      unread: true,
    });
  else
    plans.push(
      {
        key: 'theatre',
        party: 4,
        direction: 'in',
        at: [8, 7],
        from: 'client',
        to: 'office',
        subject: (p) => `Theatre tickets for ${p.request}`,
        text: (p) =>
          `Hello,\n\nCould you find four seats for a musical on Thursday evening?\n\n${p.client.name}`,
      },
      {
        key: 'theatre-re',
        party: 4,
        direction: 'out',
        at: [8, 4],
        from: 'office',
        to: 'client',
        replyTo: 'theatre',
        subject: (p) => `Re: Theatre tickets for ${p.request}`,
        text: (p, o) =>
          `Dear ${p.client.first},\n\nFour seats in the royal circle, row B, for Thursday at 19:30; the tickets will be at the box office under your name.\n\n${sign(o)}`,
      },
    );
  return plans;
}

/** The office's demo requests with a client who has an address, newest first (and clients without). */
async function partiesOf(db: Tx, regionId: number): Promise<(Party | null)[]> {
  const rows = await db
    .select({
      number: requests.number,
      first: clients.first_name,
      last: clients.last_name,
      email: clients.email,
    })
    .from(requests)
    .innerJoin(clients, eq(clients.id, requests.client_id))
    .where(
      and(
        eq(requests.region_id, regionId),
        eq(requests.kind, 'service'),
        isNull(requests.canceled_at),
        isNull(clients.archived_at),
        isNotNull(clients.email),
      ),
    )
    .orderBy(desc(requests.id))
    .limit(40);
  // Different clients for the different conversations, as far as there are.
  const seen = new Set<string>();
  const parties: Party[] = [];
  for (const r of rows) {
    if (seen.has(r.email!)) continue;
    seen.add(r.email!);
    parties.push({
      client: { name: `${r.first} ${r.last}`, address: r.email!, first: r.first },
      request: r.number,
    });
  }
  // Party 5 writes without a request number: another client of the office with an address.
  const others = await db
    .select({ first: clients.first_name, last: clients.last_name, email: clients.email })
    .from(clients)
    .where(and(eq(clients.region_id, regionId), isNotNull(clients.email), isNull(clients.archived_at)))
    .orderBy(asc(clients.id))
    .limit(40);
  const other = others.find((c) => !seen.has(c.email!)) ?? others[0];
  const at = (i: number) => (parties.length ? parties[i % parties.length]! : null);
  return [
    at(0),
    at(1),
    at(2),
    at(3),
    at(4),
    other
      ? {
          client: { name: `${other.first} ${other.last}`, address: other.email!, first: other.first },
          request: '',
        }
      : at(5),
  ];
}

/**
 * Demo mail (issue 14): a mailbox per office (disabled: there is no server behind
 * imap.example.com), an INBOX and a Sent folder, and about twenty conversations' worth of messages
 * each over the last weeks, built as real RFC 822 messages and stored through the ingest path, so
 * links (client by address, request by number) and NewEmail are the real ones. The notices of
 * messages already read are read; the few unread messages leave an unread notice. Runs after the
 * requests seed (the demo FO, in Dubai, and BO, in London, each see their office's mail linked to
 * their clients and requests).
 */
export async function seedMail({ db, config, now }: SeedContext): Promise<void> {
  const tx = db as unknown as Tx;
  const secrets = createSecretBox(loadSecretKey(config.mailSecretKey, config.dataDir));
  const blobs = createBlobStore(path.join(config.dataDir, 'blobs'));
  const offices = await db.select().from(regions).orderBy(asc(regions.id));
  const staff = await db
    .select({ name: users.name, region: users.region_id, role: users.role })
    .from(users)
    .where(inArray(users.role, ['FO', 'BO']))
    .orderBy(asc(users.id));
  const hotels = await db
    .select({ name: suppliers.name, city: suppliers.city, email: suppliers.email })
    .from(suppliers)
    .where(and(eq(suppliers.type, 'Hotel'), isNotNull(suppliers.email)))
    .orderBy(asc(suppliers.id));
  const at = (days: number, hours: number) => new Date(now.getTime() - days * DAY - hours * HOUR);

  const seededIds: number[] = [];
  for (const office of offices) {
    const slug = office.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const address = `${slug}@${DOMAIN}`;
    const [mailbox] = await db
      .insert(mailboxes)
      .values({
        region_id: office.id,
        name: `${office.title} office`,
        address,
        imap_host: 'imap.example.com',
        imap_port: 993,
        imap_security: 'tls',
        imap_user: address,
        imap_password_enc: secrets.seal(DEMO_MAILBOX_PASSWORD),
        smtp_host: 'smtp.example.com',
        smtp_port: 587,
        smtp_security: 'starttls',
        smtp_user: address,
        smtp_password_enc: secrets.seal(DEMO_MAILBOX_PASSWORD),
        enabled: false,
        last_error: null,
        created_at: at(30, 0),
        updated_at: at(30, 0),
      })
      .returning();
    const folders = await db
      .insert(mailFolders)
      .values([
        { mailbox_id: mailbox!.id, path: 'INBOX', name: 'Inbox', role: 'inbox' },
        { mailbox_id: mailbox!.id, path: 'Sent', name: 'Sent', role: 'sent' },
      ])
      .returning();
    const [inbox, sent] = [folders[0]!, folders[1]!];

    const parties = await partiesOf(tx, office.id);
    const hotel = hotels.find((h) => h.city === office.title) ?? hotels[0];
    const supplier: MailAddress = hotel
      ? { name: hotel.name, address: hotel.email! }
      : { name: 'Reservations', address: `reservations@hotel-${slug}.example` };
    const person =
      staff.find((s) => s.region === office.id && s.role === 'FO') ??
      staff.find((s) => s.region === office.id) ??
      staff[0];
    const signature = {
      staff: person?.name ?? 'The concierge team',
      office: `${office.title} office`,
      supplier: supplier.name,
    };
    const officeAddress: MailAddress = { name: `${office.title} office`, address };

    const messageIds = new Map<string, { id: string; references: string[] }>();
    const items: { direction: 'in' | 'out'; item: StoreItem }[] = [];
    for (const plan of plansFor(office.title)) {
      const party = plan.party === null ? null : parties[plan.party];
      if (plan.party !== null && !party) continue;
      const p = party ?? { client: { name: '', address: '', first: '' }, request: '' };
      const who = (w: Plan['from']): MailAddress =>
        w === 'client'
          ? { name: p.client.name, address: p.client.address }
          : w === 'office'
            ? officeAddress
            : w === 'supplier'
              ? supplier
              : w;
      const from = who(plan.from);
      const id = `<demo.${slug}.${plan.key}@${from.address.split('@')[1]}>`;
      const parent = plan.replyTo ? messageIds.get(plan.replyTo) : undefined;
      const references = parent ? [...parent.references, parent.id] : [];
      messageIds.set(plan.key, { id, references });
      const files = plan.attachments?.(p) ?? [];
      const raw = await composeMessage({
        from,
        to: [who(plan.to)],
        cc: [],
        subject: plan.subject(p),
        text: plan.text(p, signature),
        html: plan.html,
        messageId: id,
        date: at(...plan.at),
        inReplyTo: parent?.id,
        references,
        attachments: files,
        baseBoundary: `demo-${slug}-${plan.key}`,
      });
      const message = await prepareMessage(raw, blobs);
      items.push({
        direction: plan.direction,
        item: {
          message,
          folderId: plan.direction === 'in' ? inbox.id : sent.id,
          uidvalidity: null,
          uid: null,
          seen: plan.direction === 'out' || !plan.unread,
        },
      });
    }
    for (const direction of ['in', 'out'] as const) {
      const batch = items.filter((i) => i.direction === direction).map((i) => i.item);
      const ids = await storeMessages(tx, { mailboxId: mailbox!.id, direction }, batch);
      seededIds.push(...ids.filter((id): id is number => id !== null));
    }
  }
  if (seededIds.length === 0) return;

  // The demo's clock, not the machine's: a message was read 40 minutes after it came, and its
  // notice with it; the notices of unread messages wait.
  await db
    .update(mailMessages)
    .set({ seen_at: sql`${mailMessages.date} + interval '40 minutes'` })
    .where(and(inArray(mailMessages.id, seededIds), isNotNull(mailMessages.seen_at)));
  await db.execute(sql`
    update ${notifications} n
       set created_at = m.date,
           read_at = m.seen_at
      from ${mailMessages} m
     where n.type = 'NewEmail'
       and n.data ->> 'message_id' = m.id::text
       and m.id in (${sql.join(
         seededIds.map((id) => sql`${id}`),
         sql`, `,
       )})`);
}
