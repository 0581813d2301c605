// Resumable video uploads over tus (docs/architecture.md "Resumable uploads"): a dropped
// connection is retried from the offset the server holds, and a page reload resumes when the
// same file is picked again (tus-js-client keeps a fingerprint of name, size, type and date in
// localStorage). The last answer is the file, as POST /files gives it.
import { defaultOptions, Upload, type DetailedError, type HttpResponse, type PreviousUpload } from 'tus-js-client';
import type { FileView } from '@shared/api-types';
import { api, apiWorkspace, CSRF_COOKIE, CSRF_HEADER, NETWORK_FAILURE_MESSAGE, readCookie, UPLOAD_FAILED_MESSAGE, uploadPercent, workspaceHeaders } from '@/lib/api-client';

export const RESUMABLE_ENDPOINT = '/api/files/uploads';
export const FILE_ID_HEADER = 'EyeMail-File-Id';
// Waits before each retry of a failed request (a dropped connection, a server restarting): about
// a minute and a half of trying before the upload is reported as failed.
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 30_000];
// A recording's bytes go in pieces of this size while it is still being made (a few seconds of
// video each), so that little is left to send at Stop.
export const RECORDING_CHUNK_BYTES = 1024 * 1024;

export type ResumableSource = 'file' | 'recorder';

export interface ResumableUploadOptions {
  // A reader (a recording still being made) gives Blobs: tus-js-client counts the last piece's
  // bytes by its `size`.
  input: File | Blob | ReadableStreamDefaultReader<Blob>;
  source?: ResumableSource;
  filename: string;
  filetype: string;
  // For a reader whose total is known up front (otherwise the length is sent at the end).
  uploadSize?: number;
  // For a reader whose length is sent at the end: its length once it is known (a recording that
  // stopped), progress being counted against it before the last request says it; 0 until then.
  knownSize?: () => number;
  // Floored whole percent, 0-100, never decreasing.
  onProgress?: (percent: number) => void;
}

export class ResumableUploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly aborted = false,
  ) {
    super(message);
    this.name = 'ResumableUploadError';
  }
}

export interface ResumableUploadHandle {
  done: Promise<FileView>;
  // Stops sending and deletes what the server holds of it.
  abort(): Promise<void>;
  // Stops sending and keeps what the server holds (picking the same file again resumes it).
  pause(): Promise<void>;
}

function withCsrf(req: { setHeader(name: string, value: string): void }): void {
  const token = readCookie(typeof document === 'undefined' ? '' : document.cookie, CSRF_COOKIE);
  if (token) req.setHeader(CSRF_HEADER, token);
}

// Pure: the message to show for a failed upload: the server's envelope message when it answered,
// the network message when it never did.
export function failureMessage(response: Pick<HttpResponse, 'getStatus' | 'getBody'> | null | undefined): string {
  if (!response || !response.getStatus()) return NETWORK_FAILURE_MESSAGE;
  try {
    const parsed = JSON.parse(response.getBody()) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: fall through
  }
  return UPLOAD_FAILED_MESSAGE;
}

// The file the finished upload became: in the last PATCH's body, or (a finished upload found
// again after its answer was lost) named by HEAD's EyeMail-File-Id.
async function fileOf(response: HttpResponse, workspaceId: string | null): Promise<FileView> {
  try {
    const parsed = JSON.parse(response.getBody()) as { result?: boolean; body?: FileView };
    if (parsed.result && parsed.body?.fileId) return parsed.body;
  } catch {
    // a HEAD has no body
  }
  const id = response.getHeader(FILE_ID_HEADER);
  if (!id) throw new ResumableUploadError(UPLOAD_FAILED_MESSAGE, response.getStatus());
  const res = await api.get<FileView>(`files/${encodeURIComponent(id)}`, { workspaceId });
  if (!res.result || !res.body) throw new ResumableUploadError(res.message || UPLOAD_FAILED_MESSAGE, res.status);
  return res.body;
}

export function startResumableUpload(options: ResumableUploadOptions): ResumableUploadHandle {
  const { input, source = 'file', filename, filetype } = options;
  const isReader = !(input instanceof Blob);
  let best = 0;
  let aborted = false;
  let settle!: { resolve: (f: FileView) => void; reject: (e: Error) => void };
  const done = new Promise<FileView>((resolve, reject) => (settle = { resolve, reject }));
  // The upload stays in the workspace it began in, whatever is switched to meanwhile.
  const workspaceId = apiWorkspace();

  const upload = new Upload(input, {
    endpoint: new URL(RESUMABLE_ENDPOINT, window.location.origin).href,
    metadata: { type: 'video', filename, filetype, source },
    retryDelays: RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    // A stream cannot be picked again after a reload: nothing to remember for resuming.
    ...(isReader
      ? { chunkSize: RECORDING_CHUNK_BYTES, storeFingerprintForResuming: false, ...(options.uploadSize ? { uploadSize: options.uploadSize } : { uploadLengthDeferred: true }) }
      : {}),
    onBeforeRequest: (req) => {
      withCsrf(req);
      for (const [name, value] of Object.entries(workspaceHeaders(workspaceId))) req.setHeader(name, value);
    },
    onProgress: (sent, total) => {
      const percent = uploadPercent(sent, total ?? options.knownSize?.() ?? 0);
      if (percent <= best) return;
      best = percent;
      options.onProgress?.(percent);
    },
    onSuccess: ({ lastResponse }) => {
      fileOf(lastResponse, workspaceId).then(settle.resolve, settle.reject);
    },
    onError: (error: Error | DetailedError) => {
      if (aborted) return;
      const response = 'originalResponse' in error ? error.originalResponse : null;
      settle.reject(new ResumableUploadError(failureMessage(response), response?.getStatus() ?? null));
    },
  });

  // A file picked again after a reload goes on from where it stopped.
  const begin = async () => {
    if (!isReader) {
      const previous = await upload.findPreviousUploads().catch(() => [] as PreviousUpload[]);
      const newest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (newest) upload.resumeFromPreviousUpload(newest);
    }
    if (!aborted) upload.start();
  };
  void begin();

  return {
    done,
    async abort() {
      aborted = true;
      settle.reject(new ResumableUploadError('Upload cancelled.', null, true));
      await upload.abort(true).catch(() => undefined);
    },
    async pause() {
      aborted = true;
      settle.reject(new ResumableUploadError('Upload paused.', null, true));
      await upload.abort(false).catch(() => undefined);
    },
  };
}

export interface UnfinishedUpload {
  key: string;
  fileName: string;
  size: number;
  percent: number;
}

async function headOf(url: string): Promise<Response | null> {
  try {
    return await fetch(url, { method: 'HEAD', credentials: 'same-origin', headers: { 'Tus-Resumable': '1.0.0', ...workspaceHeaders() }, cache: 'no-store' });
  } catch {
    return null;
  }
}

// Unfinished file uploads this browser started (newest first), with how far each got; ones the
// server no longer holds, or that finished, are forgotten.
export async function findUnfinishedUploads(): Promise<UnfinishedUpload[]> {
  const stored = await defaultOptions.urlStorage.findAllUploads().catch(() => [] as PreviousUpload[]);
  const out: (UnfinishedUpload & { created: string })[] = [];
  for (const u of stored) {
    if (!u.uploadUrl || !u.uploadUrl.includes(RESUMABLE_ENDPOINT) || (u.metadata?.source ?? 'file') !== 'file') continue;
    const res = await headOf(u.uploadUrl);
    if (!res) continue;
    const offset = Number(res.headers.get('Upload-Offset'));
    const size = u.size ?? Number(res.headers.get('Upload-Length'));
    if (!res.ok || !(size > 0) || offset >= size) {
      await defaultOptions.urlStorage.removeUpload(u.urlStorageKey).catch(() => undefined);
      continue;
    }
    out.push({ key: u.urlStorageKey, fileName: u.metadata?.filename ?? 'video', size, percent: uploadPercent(offset, size), created: u.creationTime });
  }
  return out.sort((a, b) => b.created.localeCompare(a.created)).map(({ created: _created, ...u }) => u);
}

// Gives up an unfinished upload: the server deletes its bytes, the browser forgets it.
export async function discardUnfinishedUpload(key: string): Promise<void> {
  const stored = await defaultOptions.urlStorage.findAllUploads().catch(() => [] as PreviousUpload[]);
  const found = stored.find((u) => u.urlStorageKey === key);
  if (found?.uploadUrl) await Upload.terminate(found.uploadUrl, { onBeforeRequest: withCsrf, retryDelays: null }).catch(() => undefined);
  await defaultOptions.urlStorage.removeUpload(key).catch(() => undefined);
}
