/** Messages of the mail agent (section 5 has none for it). */
export const MAIL_MESSAGES = {
  noRecipients: 'Add at least one recipient',
  badAddress: (address: string) => `"${address}" is not a valid email address`,
  tooManyRecipients: (max: number) => `A message can have at most ${max} recipients`,
  attachmentsTooLarge: (maxBytes: number) =>
    `Attachments can be at most ${Math.round(maxBytes / 1024 / 1024)} MB in total.`,
  oneParent: 'A message is either a reply or a forward, not both',
  mailboxPerOffice: 'This office already has a mailbox',
  mailboxDisabled: 'This mailbox is disabled: enable it in its settings first',
  passwordRequired: 'Required field',
  /** A send the SMTP server refused or could not take: the server's own words follow. */
  sendFailed: (reason: string) => `The message was not sent: ${reason}`,
  linkOfAnotherClient: 'The request belongs to another client than the one you linked',
  /** A stored password sealed under another MAIL_SECRET_KEY (the key was changed or lost). */
  storedPasswordUnreadable: 'The stored password cannot be read (the secret key changed): type it again',
  /** An attachment over the bound: only its name and size were kept (decision 0014). */
  attachmentNotStored: 'This attachment was too large to keep: only its name and size were stored',
} as const;
