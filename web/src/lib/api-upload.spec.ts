import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { apiUpload, onUnauthorized, setApiWorkspace, uploadPercent } from './api-client';
import { uploadFile } from './api/upload-file';

// A stand-in for the browser's XMLHttpRequest that records what was sent and lets the test
// play the network's part.
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const g = globalThis as unknown as Record<string, unknown>;

beforeEach(() => {
  g.XMLHttpRequest = FakeXhr;
  g.document = { cookie: 'XSRF-TOKEN=tok123' };
});
afterEach(() => {
  delete g.XMLHttpRequest;
  delete g.document;
});

describe('uploadPercent', () => {
  it('floors to whole percent within 0-100', () => {
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(5, 0)).toBe(0);
    expect(uploadPercent(2000, 1000)).toBe(100);
  });
});

describe('apiUpload', () => {
  it('posts the file as multipart part "file" with the CSRF header and reads the envelope', async () => {
    const handle = apiUpload<{ fileId: string }>('files', new Blob(['abc']), { query: { type: 'video' } }, 'clip.mp4');
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/files?type=video');
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('tok123');
    const form = xhr.sent as FormData;
    expect((form.get('file') as File).name).toBe('clip.mp4');
    xhr.respond(201, { result: true, message: 'Uploaded.', body: { fileId: 'f1' }, errors: null });
    expect(await handle.promise).toEqual({ status: 201, result: true, message: 'Uploaded.', body: { fileId: 'f1' }, errors: null, aborted: false });
  });

  it('reports rising whole percentages once each', async () => {
    const seen: number[] = [];
    const handle = apiUpload('files', new Blob(['abc']), { onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    xhr.progress(10, 1000);
    xhr.progress(15, 1000);
    xhr.progress(505, 1000);
    xhr.progress(300, 1000);
    xhr.progress(1000, 1000);
    xhr.respond(201, { result: true, body: {} });
    await handle.promise;
    expect(seen).toEqual([1, 50, 100]);
  });

  it('keeps the server message of a refused file', async () => {
    const handle = apiUpload('files', new Blob(['abc']));
    FakeXhr.last.respond(415, { result: false, message: 'Please upload .mp4 or .mov file only', body: null, errors: null });
    const r = await handle.promise;
    expect(r).toMatchObject({ status: 415, result: false, message: 'Please upload .mp4 or .mov file only', aborted: false });
  });

  it('turns a dropped connection into "Fail to upload try again"', async () => {
    const handle = apiUpload('files', new Blob(['abc']));
    FakeXhr.last.onerror?.();
    expect(await handle.promise).toMatchObject({ status: 500, result: false, message: 'Fail to upload try again', aborted: false });
  });

  it('cancels: abort stops the request and resolves as aborted', async () => {
    const handle = apiUpload('files', new Blob(['abc']));
    const xhr = FakeXhr.last;
    handle.abort();
    expect(xhr.aborted).toBe(true);
    expect(await handle.promise).toMatchObject({ result: false, aborted: true });
    // A late abort after the end does nothing.
    handle.abort();
  });

  it('tells the app when the session is gone', async () => {
    const seen: string[] = [];
    const stop = onUnauthorized((p) => seen.push(p));
    const handle = apiUpload('files', new Blob(['abc']));
    FakeXhr.last.respond(401, { result: false, message: 'Please sign in to continue.' });
    await handle.promise;
    stop();
    expect(seen).toEqual(['files']);
  });
});

describe('uploadFile in a company workspace', () => {
  afterEach(() => setApiWorkspace(null));

  it("names the company for its library's files and no workspace for the person's own picture and attachments", () => {
    setApiWorkspace('c0ffee00-0000-4000-8000-000000000001');
    const sent = (['video', 'logo', 'profile', 'attachment'] as const).map((kind) => {
      uploadFile(kind, new Blob(['abc']), {}, 'x.png');
      return [kind, FakeXhr.last.headers['X-Workspace-Id'] ?? null];
    });
    expect(sent).toEqual([
      ['video', 'c0ffee00-0000-4000-8000-000000000001'],
      ['logo', 'c0ffee00-0000-4000-8000-000000000001'],
      ['profile', null],
      ['attachment', null],
    ]);
  });
});
