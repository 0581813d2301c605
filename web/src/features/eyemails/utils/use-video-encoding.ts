// Encodes a video for email and follows the real progress: POST videos/{fileId}, then
// GET videos/encodings/{id} every 700 ms until it is completed or failed. One job per
// (video, mute icon, width); asking again for the same target joins the running job.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EncodingView } from '@shared/api-types';
import { encodeVideo } from '@/features/eyemails/api/encode-video';
import { getEncoding } from '@/features/eyemails/api/get-encoding';
import { encodeKey, type EncodeTarget } from './snippet-form';
import { mergeProgress, shownProgress } from './encoding-progress';

export const POLL_MS = 700;
// A bound on one wait, so a stuck job cannot poll forever (30 minutes).
const MAX_POLLS = Math.ceil((30 * 60 * 1000) / POLL_MS);

export type EncodeOutcome = { ok: true; encoding: EncodingView } | { ok: false; message: string; superseded?: boolean };

export interface EncodingStatus {
  key: string | null;
  phase: 'idle' | 'running' | 'completed' | 'failed';
  state: EncodingView['state'] | null;
  progress: number;
  encoding: EncodingView | null;
  error: string | null;
}

const IDLE: EncodingStatus = { key: null, phase: 'idle', state: null, progress: 0, encoding: null, error: null };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useVideoEncoding() {
  const [status, setStatus] = useState<EncodingStatus>(IDLE);
  const current = useRef<string | null>(null);
  const jobs = useRef(new Map<string, Promise<EncodeOutcome>>());
  const done = useRef(new Map<string, EncodingView>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // Only the target the form is on now updates what the page shows.
  const report = useCallback((key: string, next: (prev: EncodingStatus) => EncodingStatus) => {
    if (!alive.current || current.current !== key) return;
    setStatus((prev) => next(prev.key === key ? prev : { ...IDLE, key }));
  }, []);

  const run = useCallback(
    async (target: EncodeTarget, key: string): Promise<EncodeOutcome> => {
      const fail = (message: string): EncodeOutcome => {
        report(key, (p) => ({ ...p, phase: 'failed', error: message }));
        return { ok: false, message };
      };
      report(key, () => ({ ...IDLE, key, phase: 'running', state: 'queued' }));
      const first = await encodeVideo(target.fileId, target.overlay, target.width);
      if (!first.result || !first.body) return fail(first.message || 'The video could not be processed.');
      let view = first.body;
      for (let i = 0; i < MAX_POLLS; i++) {
        if (view.state === 'completed') {
          done.current.set(key, view);
          report(key, () => ({ key, phase: 'completed', state: 'completed', progress: 100, encoding: view, error: null }));
          return { ok: true, encoding: view };
        }
        if (view.state === 'failed') return fail(view.error || 'The video could not be processed.');
        const shown = shownProgress(view);
        const state = view.state;
        report(key, (p) => ({ ...p, phase: 'running', state, progress: mergeProgress(p.progress, shown), encoding: null }));
        await sleep(POLL_MS);
        // Left the page, or moved on to another target that nobody waits for: stop polling.
        if (!alive.current) return { ok: false, message: 'Stopped.', superseded: true };
        if (current.current !== key) return { ok: false, message: 'Superseded.', superseded: true };
        const next = await getEncoding(view.encodingId);
        if (!next.result || !next.body) {
          // A passing network hiccup should not fail the whole encode: try again next round.
          if (next.status >= 500 || next.status === 0) continue;
          return fail(next.message || 'The video could not be processed.');
        }
        view = next.body;
      }
      return fail('The video is taking too long to process.');
    },
    [report],
  );

  // Starts (or joins) the encoding of `target` and makes it the one the page follows.
  const ensure = useCallback(
    (target: EncodeTarget): Promise<EncodeOutcome> => {
      const key = encodeKey(target);
      current.current = key;
      const finished = done.current.get(key);
      if (finished) {
        setStatus({ key, phase: 'completed', state: 'completed', progress: 100, encoding: finished, error: null });
        return Promise.resolve({ ok: true, encoding: finished });
      }
      const running = jobs.current.get(key);
      if (running) {
        setStatus((p) => (p.key === key ? p : { ...IDLE, key, phase: 'running', state: 'queued' }));
        return running;
      }
      const job = run(target, key).finally(() => jobs.current.delete(key));
      jobs.current.set(key, job);
      return job;
    },
    [run],
  );

  // The form has no video any more (or it changed to one we do not encode yet).
  const clear = useCallback(() => {
    current.current = null;
    setStatus(IDLE);
  }, []);

  return { status, ensure, clear };
}
