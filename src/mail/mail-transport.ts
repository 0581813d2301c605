import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  from: string;
  to: string;
  // Where a reply goes (the user who wrote to support).
  replyTo?: string;
  attachments?: MailAttachment[];
  subject: string;
  html: string;
  text: string;
  // The links the mail carries; logged by the outbox (development) transport only, so tokens
  // never reach the logs of a server that really sends mail.
  links: string[];
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

interface Log {
  log(message: string): void;
}

// nodemailer is loaded on the first mail, not at start-up: it holds about 5 MB of the process's
// memory, and most processes send no mail for a long while (docs/performance-log.md, memory).
function lazyTransport<T extends Transporter>(create: (nodemailer: (typeof import('nodemailer'))['default']) => T): { get: () => Promise<T>; close: () => void } {
  let transport: Promise<T> | null = null;
  return {
    get: () => (transport ??= import('nodemailer').then((m) => create(m.default))),
    close: () => void transport?.then((t) => t.close()),
  };
}

// The only place that imports nodemailer: SMTP_URL set -> SMTP, else .eml files in DATA_DIR/outbox.
export function createMailTransport(opts: { smtpUrl: string | null; dataDir: string; logger: Log }): MailTransport {
  const message = ({ from, to, replyTo, subject, html, text, attachments, headers }: OutgoingMail) => ({
    from,
    to,
    ...(replyTo ? { replyTo } : {}),
    ...(headers ? { headers } : {}),
    subject,
    html,
    text,
    attachments: (attachments ?? []).map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
  });

  if (opts.smtpUrl) {
    // Short timeouts: a stalled mail server must not hold a request for nodemailer's default minutes.
    const url = opts.smtpUrl;
    const smtp = lazyTransport((nodemailer) => nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }));
    return {
      kind: 'smtp',
      async send(mail) {
        await (await smtp.get()).sendMail(message(mail));
      },
      close: () => smtp.close(),
    };
  }

  const outbox = path.join(opts.dataDir, 'outbox');
  const composer = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await (await composer.get()).sendMail(message(mail));
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.logger.log(`Mail "${mail.subject}" to ${mail.to} written to ${file}${mail.links.map((l) => `\n  link: ${l}`).join('')}`);
    },
    close: () => composer.close(),
  };
}
