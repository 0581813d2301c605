// The welcome dialog opens when the address carries ?new (spec 01 section 1) and the flag is
// removed when it closes. Pure helpers over a query string.

export const WELCOME_PARAM = 'new';
export const WELCOME_DELAY_MS = 800;
export const WELCOME_FADE_MS = 700;

export function hasWelcomeFlag(search: string): boolean {
  return new URLSearchParams(search).has(WELCOME_PARAM);
}

// The same query without the flag, as "?a=b" or "" when nothing is left.
export function withoutWelcomeFlag(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(WELCOME_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
