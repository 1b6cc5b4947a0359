import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

/** A file sent with a message (a hand-over's receipt). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** What nodemailer is given of a message: attachments only when there are some. */
function messageOf(mail: OutgoingMail) {
  const attachments = mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType }));
  return { to: mail.to, subject: mail.subject, text: mail.text, ...(attachments?.length ? { attachments } : {}) };
}

export interface Mailer {
  /** Where messages go: 'smtp' or 'outbox' (files under DATA_DIR/outbox). */
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

const hasLineBreak = (value: string) => /[\r\n]/.test(value);

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/**
 * nodemailer, loaded by the first message rather than at start (it holds about 10 MB of the resident set, and
 * most processes send mail rarely); its transport is made then, once.
 */
function lazyTransport(options: object, defaults: object): { get(): Promise<Transporter>; close(): void } {
  let transport: Promise<Transporter> | undefined;
  return {
    get() {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options, defaults));
      return transport;
    },
    close() {
      void transport?.then((t) => t.close()).catch(() => undefined);
    },
  };
}

/** nodemailer to the SMTP server of SMTP_URL, or (embedded mode) to .eml files in the outbox, logged. */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  // Header injection is refused here too, whatever the caller validated.
  const guard = (mail: OutgoingMail) => {
    if (hasLineBreak(mail.to) || hasLineBreak(mail.subject) || mail.attachments?.some((a) => hasLineBreak(a.filename))) {
      throw new Error('line break in a mail header');
    }
  };

  if (smtpUrl) {
    // A mail server that does not answer must not hold the request for nodemailer's default two minutes.
    const transport = lazyTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from });
    return {
      kind: 'smtp',
      async send(mail) {
        guard(mail);
        const info = await (await transport.get()).sendMail(messageOf(mail));
        log.info({ to: mail.to, messageId: info.messageId }, 'e-mail inviata');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    kind: 'outbox',
    async send(mail) {
      guard(mail);
      const info = await (await transport.get()).sendMail(messageOf(mail));
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file }, 'e-mail scritta nella outbox (nessun SMTP_URL configurato)');
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
