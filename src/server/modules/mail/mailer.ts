import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { MailConfig } from '../../config';

/** One e-mail, already written in its recipient's language: an HTML part and a plain-text part. */
export type MailMessage = { to: string; subject: string; text: string; html: string; language: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The send runs inside the outbox's delivery transaction (decision 0014): an SMTP server that hangs
 * must not hold it (and, on SQLite, the one writer) for long. A failure is retried by the outbox.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

type MailLog = { info(details: object, message: string): void };

/**
 * SMTP when `smtpUrl` is set; otherwise each message becomes an .eml file under `dataDir/outbox/`, so
 * development needs no mail server. Only the subject and the file name are logged: bodies carry links
 * with tokens.
 */
export function createMailer(mail: MailConfig, dataDir: string, log: MailLog): Mailer {
  if (mail.smtpUrl) {
    const transport = createTransport({ url: mail.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        await transport.sendMail(toNodemailer(mail.from, message));
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  const files = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await files.sendMail(toNodemailer(mail.from, message));
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ file, subject: message.subject }, 'mail written to the outbox folder (no SMTP_URL)');
    },
    close: () => files.close(),
  };
}

function toNodemailer(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { 'Content-Language': message.language },
  };
}
