import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** A file sent with a message (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  cc?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise the message is written to the log so a developer can follow
 * the link. Attachments are logged by name and size, never their contents.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string },
  log: FastifyBaseLogger,
): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        const { to, cc, subject, attachments } = message;
        log.info(
          {
            to,
            subject,
            ...(cc && { cc }),
            ...(attachments?.length && {
              attachments: attachments.map((a) => ({ filename: a.filename, size: a.content.length })),
            }),
          },
          `mail (no SMTP_URL set):\n${message.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
