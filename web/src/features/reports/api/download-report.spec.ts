import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { downloadCsv, fileNameFrom, FALLBACK_FILE_NAME, type Saver } from './download-report';

describe('fileNameFrom', () => {
  it('reads the quoted file name the server sends', () => {
    expect(fileNameFrom('attachment; filename="eyemail-report-spring-launch-2026-11-23.csv"')).toBe('eyemail-report-spring-launch-2026-11-23.csv');
  });

  it('prefers the UTF-8 name and reads an unquoted one', () => {
    expect(fileNameFrom(`attachment; filename="report.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe('résumé.csv');
    expect(fileNameFrom('attachment; filename=plain.csv')).toBe('plain.csv');
  });

  it('never keeps a folder part', () => {
    expect(fileNameFrom('attachment; filename="../../etc/report.csv"')).toBe('report.csv');
    expect(fileNameFrom('attachment; filename="C:\\\\temp\\\\report.csv"')).toBe('report.csv');
  });

  it('falls back when there is no usable name', () => {
    expect(fileNameFrom(null)).toBe(FALLBACK_FILE_NAME);
    expect(fileNameFrom('attachment')).toBe(FALLBACK_FILE_NAME);
    expect(fileNameFrom('attachment; filename=""')).toBe(FALLBACK_FILE_NAME);
    expect(fileNameFrom(`attachment; filename*=UTF-8''%E0%A4%A.csv`)).toBe(FALLBACK_FILE_NAME);
  });
});

describe('downloadCsv', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  const csvHeaders = { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="eyemail-report-x.csv"' };
  // A body of `chunks` pieces of `size` bytes each, failing after them when `fail` is set.
  function body(chunks: number, size: number, fail = false): ReadableStream<Uint8Array> {
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent < chunks) {
          sent++;
          controller.enqueue(new Uint8Array(size).fill(65));
        } else if (fail) controller.error(new Error('connection reset'));
        else controller.close();
      },
    });
  }
  function answer(res: Response | Error) {
    const calls: RequestInit[] = [];
    globalThis.fetch = ((_url: string, init: RequestInit) => {
      calls.push(init);
      return res instanceof Error ? Promise.reject(res) : Promise.resolve(res);
    }) as typeof fetch;
    return calls;
  }
  function saver() {
    const saved: { blob?: { size: number; name: string }; address?: string } = {};
    const s: Saver = {
      blob: (data, name) => (saved.blob = { size: data.size, name }),
      address: (url) => (saved.address = url),
    };
    return { s, saved };
  }

  it('saves a small CSV under the name the server gives', async () => {
    answer(new Response(body(3, 10), { status: 200, headers: csvHeaders }));
    const { s, saved } = saver();
    expect(await downloadCsv('/api/reports/x/download', s, 1000)).toBe(true);
    expect(saved).toEqual({ blob: { size: 30, name: 'eyemail-report-x.csv' } });
  });

  it('hands a large CSV to the browser once it is known to be coming, without keeping it', async () => {
    const calls = answer(new Response(body(50, 100), { status: 200, headers: csvHeaders }));
    const { s, saved } = saver();
    expect(await downloadCsv('/api/reports/x/download?receiver=a', s, 1000)).toBe(true);
    expect(saved).toEqual({ address: '/api/reports/x/download?receiver=a' });
    expect(calls[0].signal?.aborted).toBe(true);
  });

  it('fails on an error status, an answer that is not a CSV, no answer, or a cut connection', async () => {
    const cases: (Response | Error)[] = [
      new Response('{"result":false}', { status: 500, headers: { 'Content-Type': 'application/json' } }),
      new Response('{"result":false}', { status: 404, headers: { 'Content-Type': 'application/json' } }),
      new Response('<html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      new TypeError('Failed to fetch'),
      new Response(body(2, 10, true), { status: 200, headers: csvHeaders }),
    ];
    for (const c of cases) {
      answer(c);
      const { s, saved } = saver();
      expect(await downloadCsv('/api/reports/x/download', s, 1000)).toBe(false);
      expect(saved).toEqual({});
    }
  });

  it('tells the app when the session has ended', async () => {
    const { onUnauthorized } = await import('@/lib/api-client');
    const heard = jest.fn();
    const off = onUnauthorized(heard);
    answer(new Response('{"result":false}', { status: 401, headers: { 'Content-Type': 'application/json' } }));
    expect(await downloadCsv('/api/reports/x/download', saver().s, 1000)).toBe(false);
    off();
    expect(heard).toHaveBeenCalledWith('reports/x/download');
  });
});
