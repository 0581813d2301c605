import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiCall, buildUrl, onUnauthorized, onWorkspaceLost, parseEnvelope, readCookie, setApiWorkspace } from './api-client';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%2Bdef; b=2', 'XSRF-TOKEN')).toBe('abc+def');
  });
  it('does not match a cookie whose name merely ends the same', () => {
    expect(readCookie('OLD-XSRF-TOKEN=zzz', 'XSRF-TOKEN')).toBeNull();
  });
  it('keeps a value that is not valid percent-encoding', () => {
    expect(readCookie('t=%E0%A4%A', 't')).toBe('%E0%A4%A');
  });
});

describe('buildUrl', () => {
  it('puts the path under /api/ and leaves out empty query values', () => {
    expect(buildUrl('accounts/forgot-password', { email: 'a+b@x.io', page: 2, empty: '', none: null, gone: undefined })).toBe(
      '/api/accounts/forgot-password?email=a%2Bb%40x.io&page=2',
    );
  });
  it('accepts paths written with a leading slash or the api prefix', () => {
    expect(buildUrl('/api/users/profile')).toBe('/api/users/profile');
  });
});

describe('parseEnvelope', () => {
  it('reads a success envelope', () => {
    const r = parseEnvelope<{ id: string }>(200, JSON.stringify({ result: true, message: 'ok', body: { id: 'x' }, errors: null }));
    expect(r).toEqual({ status: 200, result: true, message: 'ok', body: { id: 'x' }, errors: null });
  });
  it('keeps the status, message and field errors of a failure', () => {
    const r = parseEnvelope(400, JSON.stringify({ result: false, message: 'Invalid email', body: null, errors: { email: 'Invalid email' } }));
    expect(r).toEqual({ status: 400, result: false, message: 'Invalid email', body: null, errors: { email: 'Invalid email' } });
  });
  it('treats a 4xx as a failure even if the body says result true', () => {
    expect(parseEnvelope(403, JSON.stringify({ result: true })).result).toBe(false);
  });
  it('turns an unreadable body into a 500 failure', () => {
    const r = parseEnvelope(200, '<html>proxy error</html>');
    expect(r.status).toBe(500);
    expect(r.result).toBe(false);
  });
  it('turns an empty failure into a failure with a message', () => {
    const r = parseEnvelope(502, '');
    expect(r.result).toBe(false);
    expect(r.message).not.toBe('');
  });
});

describe('apiCall', () => {
  const realFetch = globalThis.fetch;
  let calls: { url: string; init: RequestInit }[];

  function respond(status: number, body: unknown) {
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
  }

  beforeEach(() => {
    calls = [];
    (globalThis as unknown as { document: { cookie: string } }).document = { cookie: 'XSRF-TOKEN=tok123' };
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    delete (globalThis as unknown as { document?: unknown }).document;
  });

  it('sends the CSRF cookie value in X-XSRF-TOKEN on state-changing calls only', async () => {
    respond(200, { result: true, message: '', body: null, errors: null });
    await apiCall('PUT', 'users/profile', { body: { firstName: 'A' } });
    await apiCall('GET', 'users/profile');
    const headers = calls.map((c) => c.init.headers as Record<string, string>);
    expect(headers[0]['X-XSRF-TOKEN']).toBe('tok123');
    expect(headers[0]['Content-Type']).toBe('application/json');
    expect(calls[0].init.body).toBe('{"firstName":"A"}');
    expect(headers[1]['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('maps a network failure to status 500, result false', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const r = await apiCall('POST', 'accounts/signin', { body: {} });
    expect(r.status).toBe(500);
    expect(r.result).toBe(false);
    expect(r.body).toBeNull();
  });

  it('reports a lost session, but not a refused sign-in', async () => {
    const seen = jest.fn();
    const stop = onUnauthorized(seen);
    respond(401, { result: false, message: 'Please sign in to continue.', body: null, errors: null });
    await apiCall('POST', 'accounts/signin', { body: {} });
    await apiCall('POST', 'accounts/trysignin');
    expect(seen).not.toHaveBeenCalled();
    await apiCall('GET', 'users/profile');
    expect(seen).toHaveBeenCalledWith('users/profile');
    stop();
    await apiCall('GET', 'users/profile');
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('names the current company workspace in X-Workspace-Id on every call, and none for the personal one', async () => {
    respond(200, { result: true, message: '', body: null, errors: null });
    setApiWorkspace('company-1');
    await apiCall('GET', 'snippets');
    await apiCall('POST', 'files', { body: {} });
    await apiCall('GET', 'workspace/members', { workspaceId: 'company-2' });
    setApiWorkspace(null);
    await apiCall('GET', 'snippets');
    const sent = calls.map((c) => (c.init.headers as Record<string, string>)['X-Workspace-Id']);
    expect(sent).toEqual(['company-1', 'company-1', 'company-2', undefined]);
  });

  it('reports the current workspace lost on its 404 "Workspace not found.", not on another 404 or another workspace', async () => {
    const lost = jest.fn();
    const stop = onWorkspaceLost(lost);
    setApiWorkspace('company-1');
    respond(404, { result: false, message: 'EyeMail not found.', body: null, errors: null });
    await apiCall('GET', 'snippets/x');
    respond(404, { result: false, message: 'Workspace not found.', body: null, errors: null });
    await apiCall('GET', 'workspace/members', { workspaceId: 'company-2' });
    expect(lost).not.toHaveBeenCalled();
    await apiCall('GET', 'snippets');
    expect(lost).toHaveBeenCalledWith('company-1');
    stop();
    setApiWorkspace(null);
  });
});
