// Splits a server message into text and email addresses, so an address in it (the support
// address a deactivated user is given) can be shown as a mailto link. A sentence's final full
// stop stays text.
export type MessagePart = { text: string } | { email: string };

const EMAIL = /[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[A-Za-z]{2,}/g;

export function splitEmails(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const m of message.matchAll(EMAIL)) {
    if (m.index > at) parts.push({ text: message.slice(at, m.index) });
    parts.push({ email: m[0] });
    at = m.index + m[0].length;
  }
  if (at < message.length) parts.push({ text: message.slice(at) });
  return parts;
}
