import { MAIL_MESSAGES } from '@app/shared/mail/mail.messages';
import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../ui/mail/mail-fixtures.ts';
import {
  draftProblems,
  forwardDraft,
  forwardedHeaders,
  newDraft,
  quoteText,
  replyDraft,
  replySubject,
  sendFields,
} from './mail-compose.ts';

const OWN = 'london@example.com';
const parent = makeMessage({
  id: 21,
  subject: 'Change of dates',
  to: [
    { name: 'London office', address: OWN },
    { name: 'Bob', address: 'bob@client.com' },
  ],
  cc: [{ name: 'Eve', address: 'eve@client.com' }],
  request: { id: 9, number: 'BSLF-2026-00042' },
  attachments: [
    { n: 1, filename: 'plan.pdf', content_type: 'application/pdf', size: 2000, stored: true },
    { n: 2, filename: 'huge.zip', content_type: 'application/zip', size: 30_000_000, stored: false },
  ],
});
const sized = (name: string, size: number) => {
  const f = new File([new Uint8Array(1)], name, { type: 'text/plain' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('a reply', () => {
  it('goes to the sender, Re: once, with the quote under an On … wrote line, keeping the links', () => {
    const draft = replyDraft(parent, false, OWN);
    expect(draft).toMatchObject({ to: 'Ann Lee <ann@client.com>', cc: '', subject: 'Re: Change of dates' });
    expect(draft.text).toMatch(
      /^\n\nOn \d\d\/\d\d\/2026 \d\d:\d\d, Ann Lee <ann@client.com> wrote:\n> Could we/,
    );
    expect(replySubject('RE: Change of dates')).toBe('RE: Change of dates');
    expect(sendFields({ ...newDraft(1, { client: 5 }), to: 'a@b.com' })).toMatchObject({ client: 5 });
    expect(sendFields(draft)).toMatchObject({ mailbox: 1, reply_to: 21 });
    // the server keeps the parent's links
    expect(Object.keys(sendFields(draft))).toEqual(['mailbox', 'to', 'subject', 'text', 'reply_to']);
  });

  it('to all: the other recipients too, never our own mailbox, nobody twice', () => {
    const draft = replyDraft(parent, true, OWN);
    expect(draft.to).toBe('Ann Lee <ann@client.com>, Bob <bob@client.com>');
    expect(draft.cc).toBe('Eve <eve@client.com>');
  });

  it('to a message we sent: its recipients again', () => {
    const sent = makeMessage({
      direction: 'out',
      from: { name: 'London office', address: OWN },
      to: [{ name: 'Ann Lee', address: 'ann@client.com' }],
    });
    expect(replyDraft(sent, false, OWN).to).toBe('Ann Lee <ann@client.com>');
  });

  it('quotes each line, a quoted one once more', () => {
    expect(quoteText('Hello\n\n> earlier\n')).toBe('> Hello\n>\n>> earlier');
  });
});

describe('a forward', () => {
  it('has no recipients, Fwd:, an empty note (the server adds the message), and carries the attachments', () => {
    const draft = forwardDraft(parent);
    expect(draft).toMatchObject({
      to: '',
      text: '',
      subject: 'Fwd: Change of dates',
      forwardAttachments: true,
    });
    expect(forwardedHeaders(parent)[0]).toBe('From: Ann Lee <ann@client.com>');
    expect(sendFields({ ...draft, to: 'x@y.com' })).toMatchObject({ forward_of: 21 });
    expect(sendFields({ ...draft, to: 'x@y.com', forwardAttachments: false })).toMatchObject({
      forward_of: 21,
      forward_attachments: false,
    });
  });
});

describe('what is checked before sending', () => {
  it('needs a valid recipient', () => {
    expect(draftProblems(newDraft(1), [])).toEqual({ to: MAIL_MESSAGES.noRecipients });
    expect(draftProblems({ ...newDraft(1), to: 'a@b.com', cc: 'nope' }, [])).toEqual({
      cc: MAIL_MESSAGES.badAddress('nope'),
    });
    expect(draftProblems({ ...newDraft(null), to: 'a@b.com' }, [])).toEqual({ mailbox: 'Required field' });
  });

  it('bounds the attachments to 25 MB in total, the forwarded ones counted', () => {
    const ok = { ...newDraft(1), to: 'a@b.com' };
    expect(draftProblems(ok, [sized('a.pdf', 20 * 1024 * 1024), sized('b.pdf', 5 * 1024 * 1024)])).toEqual(
      {},
    );
    expect(
      draftProblems(ok, [sized('a.pdf', 20 * 1024 * 1024), sized('b.pdf', 5 * 1024 * 1024 + 1)]),
    ).toEqual({
      attachments: MAIL_MESSAGES.attachmentsTooLarge(25 * 1024 * 1024),
    });
    const forward = { ...forwardDraft(parent), to: 'a@b.com' };
    expect(draftProblems(forward, [sized('a.pdf', 25 * 1024 * 1024 - 1000)])).toHaveProperty('attachments');
    expect(
      draftProblems({ ...forward, forwardAttachments: false }, [sized('a.pdf', 25 * 1024 * 1024 - 1000)]),
    ).toEqual({});
  });
});
