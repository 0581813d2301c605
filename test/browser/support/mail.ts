// A real SMTP server on a free loopback port: the app under test sends its mail here, and tests
// read the links out of it.
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface MailCatcher {
  url: string;
  messages: CapturedMail[];
  // Waits (bounded) for the first mail to `to` whose subject matches and that was not taken yet.
  next(to: string, subject?: RegExp, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const joined = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

// The text/plain body of a (possibly multipart) message, decoded.
export function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n--[^\r\n]*--\s*$/, '');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  }
  return '';
}

// Every http(s) link in a mail's plain-text body.
export function linksIn(mail: CapturedMail): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
        const subject = decodeHeader(head.match(/^subject:\s*(.*(?:\r?\n[ \t].*)*)/im)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '');
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text: plainText(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to, subject, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > until) throw new Error(`No mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
