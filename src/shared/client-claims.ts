// The sentences the pages say about mail clients (the sign-in page, the support FAQ), rendered
// from the client table so that they cannot disagree with what the export does: the sign-in page
// once promised autoplay in Outlook for Mac, which the table gives the GIF.
import { MAIL_CLIENTS, mediaFor, type MailClient } from './client-video.js';

// "a", "a and b", "a, b and c".
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

// The clients of one family in words: "Apple Mail (macOS)" and "Apple Mail (iOS)" make "Apple Mail
// on macOS and iOS"; a name without "(<where>)" stays as it is.
function familyInWords(family: string, clients: readonly MailClient[]): string {
  const prefix = `${family} (`;
  const places = clients.map((c) => (c.name.startsWith(prefix) && c.name.endsWith(')') ? c.name.slice(prefix.length, -1) : null));
  if (places.every((p): p is string => p !== null)) return `${family} on ${listInWords(places)}`;
  return listInWords(clients.map((c) => c.name));
}

function families(clients: readonly MailClient[]): Map<string, MailClient[]> {
  const byFamily = new Map<string, MailClient[]>();
  for (const c of clients) byFamily.set(c.family, [...(byFamily.get(c.family) ?? []), c]);
  return byFamily;
}

// The clients where the EyeMail shows its video (it plays by itself, muted, inline), in table order.
export function videoClients(table: readonly MailClient[] = MAIL_CLIENTS): MailClient[] {
  return table.filter((c) => mediaFor(c) === 'video');
}

// "Apple Mail on macOS and iOS".
export function videoClientsInWords(table: readonly MailClient[] = MAIL_CLIENTS): string {
  return listInWords([...families(videoClients(table))].map(([family, clients]) => familyInWords(family, clients)));
}

// The families some client of which gets the animated GIF: "Outlook, Samsung Email, Gmail, ...".
export function gifFamiliesInWords(table: readonly MailClient[] = MAIL_CLIENTS): string {
  return listInWords([...families(table.filter((c) => mediaFor(c) === 'gif')).keys()]);
}
