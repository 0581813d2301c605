// MediaRecorder around a stream: a chunk every second handed to `onChunk` (so the upload runs
// while recording), pause and resume, and stop at the limit. The clock counts recorded time only.
import { useCallback, useEffect, useRef, useState } from 'react';
import { elapsedMs, IDLE_CLOCK, isOverLimit, pauseClock, startClock, type Clock } from '../utils/timer';
import type { RecordingFormat } from '../utils/mime';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped';
export const CHUNK_MS = 1000;

export interface MediaRecorderControls {
  state: RecorderState;
  elapsedSecs: number;
  start: (stream: MediaStream, format: RecordingFormat, onChunk: (chunk: Blob) => void) => void;
  pause: () => void;
  resume: () => void;
  // the whole recording once the last chunk is out, and its recorded seconds
  stop: () => Promise<{ blob: Blob | null; seconds: number }>;
  reset: () => void;
}

export function useMediaRecorder(onLimit: () => void): MediaRecorderControls {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedSecs, setElapsed] = useState(0);
  const rec = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const clock = useRef<Clock>(IDLE_CLOCK);
  const done = useRef<Promise<Blob | null> | null>(null);
  const limitHandler = useRef(onLimit);
  useEffect(() => {
    limitHandler.current = onLimit;
  }, [onLimit]);

  useEffect(() => {
    if (state !== 'recording') return undefined;
    const timer = window.setInterval(() => {
      const now = performance.now();
      setElapsed(elapsedMs(clock.current, now) / 1000);
      if (isOverLimit(clock.current, now)) limitHandler.current();
    }, 250);
    return () => window.clearInterval(timer);
  }, [state]);

  const start = useCallback((stream: MediaStream, format: RecordingFormat, onChunk: (chunk: Blob) => void) => {
    chunks.current = [];
    const r = new MediaRecorder(stream, { mimeType: format.mimeType, videoBitsPerSecond: 2_500_000, audioBitsPerSecond: 96_000 });
    done.current = new Promise((resolve) => {
      r.onstop = () => resolve(chunks.current.length ? new Blob(chunks.current, { type: format.fileType }) : null);
      r.onerror = () => resolve(null);
    });
    r.ondataavailable = (e) => {
      if (e.data.size > 0) {
        chunks.current.push(e.data);
        onChunk(e.data);
      }
    };
    r.start(CHUNK_MS);
    rec.current = r;
    clock.current = startClock(IDLE_CLOCK, performance.now());
    setElapsed(0);
    setState('recording');
  }, []);

  const pause = useCallback(() => {
    if (rec.current?.state !== 'recording') return;
    rec.current.pause();
    clock.current = pauseClock(clock.current, performance.now());
    setElapsed(elapsedMs(clock.current, performance.now()) / 1000);
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (rec.current?.state !== 'paused') return;
    rec.current.resume();
    clock.current = startClock(clock.current, performance.now());
    setState('recording');
  }, []);

  const stop = useCallback(async () => {
    const r = rec.current;
    if (!r || !done.current) return { blob: null, seconds: 0 };
    clock.current = pauseClock(clock.current, performance.now());
    const seconds = elapsedMs(clock.current, performance.now()) / 1000;
    setElapsed(seconds);
    if (r.state !== 'inactive') r.stop();
    setState('stopped');
    return { blob: await done.current, seconds };
  }, []);

  const reset = useCallback(() => {
    const r = rec.current;
    if (r && r.state !== 'inactive') {
      r.ondataavailable = null;
      r.stop();
    }
    rec.current = null;
    done.current = null;
    chunks.current = [];
    clock.current = IDLE_CLOCK;
    setElapsed(0);
    setState('idle');
  }, []);

  useEffect(
    () => () => {
      const r = rec.current;
      if (r && r.state !== 'inactive') {
        r.ondataavailable = null;
        r.stop();
      }
    },
    [],
  );

  return { state, elapsedSecs, start, pause, resume, stop, reset };
}
