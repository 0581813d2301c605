// Sends a recording while it is being made: a resumable upload (tus 1.0.0, /api/files/uploads,
// source=recorder) created with its length deferred; each second's chunk is appended as it
// arrives, and the last request, after Stop, says the length. The server then checks and stores
// the video and answers with it, so only the last second is left to send at Stop.
import type { FileView } from '@shared/api-types';
import { CSRF_COOKIE, CSRF_HEADER, parseEnvelope, readCookie } from '@/lib/api-client';
import { nextPiece, recordingMetadata } from '../utils/tus-metadata';

export interface RecordingUpload {
  push: (chunk: Blob) => void;
  // the recording ended: send what is left, then the video is stored
  end: () => void;
  done: Promise<FileView>;
  abort: () => void;
}

export interface RecordingUploadOptions {
  fileName: string;
  fileType: string;
  // percent of the bytes recorded so far that the server holds
  onProgress?: (percent: number) => void;
}

const ENDPOINT = '/api/files/uploads';
const FAILED = 'We could not save your recording. Please check your connection and try again.';
const RETRIES = [500, 1500, 4000];

function headers(extra: Record<string, string>): Record<string, string> {
  const h: Record<string, string> = { 'Tus-Resumable': '1.0.0', ...extra };
  const token = readCookie(document.cookie, CSRF_COOKIE);
  if (token) h[CSRF_HEADER] = token;
  return h;
}

class UploadRefused extends Error {}

async function refusal(res: Response): Promise<UploadRefused> {
  const out = parseEnvelope<unknown>(res.status, await res.text().catch(() => ''));
  return new UploadRefused(out.message || FAILED);
}

export function startRecordingUpload(o: RecordingUploadOptions): RecordingUpload {
  const stop = new AbortController();
  let pending: Blob[] = [];
  let ended = false;
  let recorded = 0;
  let offset = 0;
  let location: string | null = null;
  let finished = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };

  const send = async (url: string, body: Blob, last: boolean): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'PATCH',
          credentials: 'same-origin',
          signal: stop.signal,
          headers: headers({ 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), ...(last ? { 'Upload-Length': String(offset + body.size) } : {}) }),
          body,
        });
        if (res.ok) return res;
        // 409: the server holds a different offset (a request was cut off); ask and go on
        if (res.status !== 409 || attempt >= RETRIES.length) throw await refusal(res);
      } catch (e) {
        if (stop.signal.aborted || e instanceof UploadRefused || attempt >= RETRIES.length) throw e;
        await new Promise((r) => setTimeout(r, RETRIES[attempt]));
      }
      const head = await fetch(url, { method: 'HEAD', credentials: 'same-origin', signal: stop.signal, headers: headers({}) });
      const held = Number(head.headers.get('Upload-Offset'));
      if (!head.ok || !Number.isFinite(held) || held < offset || held > offset + body.size) throw new UploadRefused(FAILED);
      body = body.slice(held - offset);
      offset = held;
    }
  };

  const run = async (): Promise<FileView> => {
    const created = await fetch(ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      signal: stop.signal,
      headers: headers({ 'Upload-Defer-Length': '1', 'Upload-Metadata': recordingMetadata(o.fileName, o.fileType) }),
    });
    location = created.headers.get('Location');
    if (created.status !== 201 || !location) throw await refusal(created);
    for (;;) {
      const { send: piece, keep } = nextPiece(pending, ended);
      if (!piece.length) {
        if (ended) throw new UploadRefused('Nothing was recorded. Please try again.');
        await new Promise<void>((r) => (wake = r));
        continue;
      }
      pending = keep;
      const last = ended && keep.length === 0;
      const body = new Blob(piece);
      const res = await send(location!, body, last);
      offset += body.size;
      o.onProgress?.(Math.floor((offset / Math.max(1, recorded)) * 100));
      if (last) {
        const out = parseEnvelope<FileView>(res.status, await res.text());
        if (!out.result || !out.body) throw new UploadRefused(out.message || FAILED);
        finished = true;
        return out.body;
      }
      if (!ended && pending.length < 2) await new Promise<void>((r) => (wake = r));
    }
  };

  const done = run().catch((e: unknown) => {
    if (stop.signal.aborted) throw new Error('Upload cancelled.');
    throw e instanceof UploadRefused ? e : new Error(FAILED);
  });
  // nobody may be waiting yet
  done.catch(() => undefined);
  return {
    push: (chunk) => {
      recorded += chunk.size;
      pending.push(chunk);
      poke();
    },
    end: () => {
      ended = true;
      poke();
    },
    done,
    // a retake or a closed recorder: the partial upload is deleted on the server at once
    abort: () => {
      stop.abort();
      poke();
      if (location && !finished) void fetch(location, { method: 'DELETE', credentials: 'same-origin', headers: headers({}) }).catch(() => undefined);
    },
  };
}
