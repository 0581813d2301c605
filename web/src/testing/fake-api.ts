// The server as component tests see it: window.fetch answered from a table of routes
// ('POST accounts/signin' -> an envelope), each call recorded with its parsed JSON body. A call
// with no route fails the test with its method and path, so nothing is left unanswered. An answer
// may carry response headers (a page's X-Total-Count) and an HTTP status (else 200, or 400 for a
// refusal).
import { jest } from '@jest/globals';

export type Envelope = { result: boolean; message?: string; body?: unknown; errors?: Record<string, string> | null; headers?: Record<string, string>; status?: number };
export type Answer = Envelope | ((body: unknown, url: URL) => Envelope | Promise<Envelope>);
export type Call = { route: string; url: URL; body: unknown };

export function fakeApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace(/^\/api\//, '')}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ route, url, body });
    const answer = routes[route];
    if (!answer) throw new Error(`No fake answer for ${route}`);
    const { headers = {}, status: given, ...envelope } = typeof answer === 'function' ? await answer(body, url) : answer;
    const status = given ?? (envelope.result ? 200 : 400);
    // What the app's api client reads of a response (jsdom has no Response of its own).
    const text = JSON.stringify({ message: '', body: null, errors: null, ...envelope });
    const header = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    return { status, ok: envelope.result, text: async () => text, headers: { get: (name: string) => header.get(name.toLowerCase()) ?? null } } as unknown as Response;
  });
  window.fetch = fetch as unknown as typeof window.fetch;
  return { calls, bodiesOf: (route: string) => calls.filter((c) => c.route === route).map((c) => c.body) };
}
