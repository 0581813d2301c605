import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  // Waits (bounded) for the next mail to `to` that was not yet taken, and takes it.
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  // Mails to `to` not yet taken.
  pending(to: string): ReceivedMail[];
  close(): Promise<void>;
}

// A real SMTP server on a free loopback port (or the given one) that keeps every message it receives.
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMime(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const bound = (server.server.address() as { port: number }).port;
  const pending = (to: string) => messages.filter((m) => !taken.has(m) && m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    pending,
    async next(to, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [m] = pending(to);
        if (m) {
          taken.add(m);
          return m;
        }
        if (Date.now() > until) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Just enough MIME for the mails the app sends: headers, multipart/alternative, quoted-printable
// and base64 bodies.
export function parseMime(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitHeaders(raw);
  const parts: { type: string; body: string }[] = [];
  collect(headers, body, parts);
  return {
    subject: decodeWords(headers['subject'] ?? ''),
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
  };
}

// The attachments of a raw mail: file name, declared type and decoded bytes.
export function mailAttachments(raw: string): { fileName: string; contentType: string; data: Buffer }[] {
  const out: { fileName: string; contentType: string; data: Buffer }[] = [];
  const walk = (headers: Record<string, string>, body: string) => {
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const chunk of body.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitHeaders(chunk.replace(/^\n/, ''));
        walk(part.headers, part.body);
      }
      return;
    }
    if (!/^attachment/i.test(headers['content-disposition'] ?? '')) return;
    const fileName = /filename="?([^";]+)"?/i.exec(headers['content-disposition'] ?? '')?.[1] ?? '';
    const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
    const data = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'latin1');
    out.push({ fileName, contentType: type.split(';')[0].trim().toLowerCase(), data });
  };
  const { headers, body } = splitHeaders(raw);
  walk(headers, body);
  return out;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function collect(headers: Record<string, string>, body: string, out: { type: string; body: string }[]): void {
  const type = (headers['content-type'] ?? 'text/plain').split(';')[0].trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (!boundary) return;
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHeaders(chunk.replace(/^\n/, ''));
      collect(part.headers, part.body, out);
    }
    return;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let decoded = body;
  if (encoding === 'quoted-printable') decoded = decodeQuotedPrintable(body);
  else if (encoding === 'base64') decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  out.push({ type, body: decoded.replace(/\n$/, '') });
}

function decodeQuotedPrintable(s: string): string {
  const soft = s.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

// RFC 2047: the white space between two encoded words is not part of the text (a long subject
// is written as several, folded).
function decodeWords(s: string): string {
  return s.replace(/(\?=)\s+(?==\?utf-8\?[QB]\?)/gi, '$1').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

// The mails the app wrote to DATA_DIR/outbox (no SMTP_URL), oldest first.
export function outboxMails(dataDir: string): (ReceivedMail & { file: string })[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      const { headers } = splitHeaders(raw);
      return { ...parseMime(raw), from: headers['from'] ?? '', to: [headers['to'] ?? ''], raw, file: f };
    });
}

// The first link to the given dashboard page in a mail's text part.
export function linkIn(mail: { text: string }, page: 'emailverification' | 'resetpassword'): URL {
  const m = new RegExp(`https?://\\S+/${page}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text);
  if (!m) throw new Error(`No ${page} link in mail:\n${mail.text}`);
  return new URL(m[0]);
}
