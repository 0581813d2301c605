// The `email` query parameter of /admin-video: the address in base64 (spec 02), UTF-8 safe.
// Anything that does not decode to an address is treated as none.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function encodeEmailParam(email: string): string {
  const bytes = new TextEncoder().encode(email);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary);
}

export function decodeEmailParam(param: string | null): string | null {
  if (!param) return null;
  try {
    const binary = atob(param.trim());
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const email = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
    return EMAIL.test(email) ? email : null;
  } catch {
    return null;
  }
}
