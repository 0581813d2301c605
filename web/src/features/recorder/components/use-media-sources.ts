// The camera, screen and microphone the recorder shows and records: asks for them, composites
// screen + camera, lists the microphones, measures the microphone's level, and stops every
// track when the choice changes or the recorder closes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { compositeScreenAndCamera } from './compositor';
import { levelOf, mediaErrorMessage, UNSUPPORTED_MESSAGE, type MediaKind } from '../utils/media-errors';

export type SourceKind = 'camera' | 'screen' | 'screen-camera';
export const NO_MICROPHONE = 'none';

export interface MediaSources {
  // the stream to record (picture + the chosen microphone), null until ready
  stream: MediaStream | null;
  error: string | null;
  starting: boolean;
  microphones: MediaDeviceInfo[];
  level: number;
  canShareScreen: boolean;
  open: (source: SourceKind, microphoneId: string) => Promise<MediaStream | null>;
  close: () => void;
}

const supported = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && typeof MediaRecorder !== 'undefined';

class MediaStartError extends Error {
  constructor(
    readonly cause: unknown,
    readonly kind: MediaKind,
  ) {
    super('media');
  }
}

async function ask<T>(kind: MediaKind, get: () => Promise<T>): Promise<T> {
  try {
    return await get();
  } catch (e) {
    throw new MediaStartError(e, kind);
  }
}

// front camera on phones (facingMode user), 720p where the camera has it
const CAMERA: MediaTrackConstraints = { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } };

export function useMediaSources(): MediaSources {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(supported() ? null : UNSUPPORTED_MESSAGE);
  const [starting, setStarting] = useState(false);
  const [microphones, setMicrophones] = useState<MediaDeviceInfo[]>([]);
  const [level, setLevel] = useState(0);
  const cleanup = useRef<(() => void) | null>(null);

  const close = useCallback(() => {
    cleanup.current?.();
    cleanup.current = null;
    setStream(null);
    setLevel(0);
  }, []);

  useEffect(() => close, [close]);

  const open = useCallback(
    async (source: SourceKind, microphoneId: string): Promise<MediaStream | null> => {
      close();
      if (!supported()) {
        setError(UNSUPPORTED_MESSAGE);
        return null;
      }
      setStarting(true);
      setError(null);
      const owned: MediaStream[] = [];
      const stops: (() => void)[] = [];
      try {
        let picture: MediaStream;
        if (source === 'camera') {
          picture = await ask('camera', () => navigator.mediaDevices.getUserMedia({ video: CAMERA }));
          owned.push(picture);
        } else {
          const screen = await ask('screen', () => navigator.mediaDevices.getDisplayMedia({ video: { frameRate: { ideal: 30 } }, audio: false }));
          owned.push(screen);
          picture = screen;
          if (source === 'screen-camera') {
            const camera = await ask('camera', () => navigator.mediaDevices.getUserMedia({ video: CAMERA }));
            owned.push(camera);
            const composite = compositeScreenAndCamera(screen, camera);
            stops.push(composite.stop);
            picture = composite.stream;
          }
        }
        const tracks = [...picture.getVideoTracks()];
        if (microphoneId !== NO_MICROPHONE) {
          const mic = await ask('microphone', () =>
            navigator.mediaDevices.getUserMedia({
              audio: { ...(microphoneId ? { deviceId: { exact: microphoneId } } : {}), echoCancellation: true, noiseSuppression: true },
            }),
          );
          owned.push(mic);
          tracks.push(...mic.getAudioTracks());
          stops.push(meter(mic, setLevel));
        }
        // labels are readable once a device was allowed
        const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
        setMicrophones(devices.filter((d) => d.kind === 'audioinput' && d.deviceId));
        const out = new MediaStream(tracks);
        cleanup.current = () => {
          stops.forEach((s) => s());
          owned.forEach((s) => s.getTracks().forEach((t) => t.stop()));
        };
        setStream(out);
        return out;
      } catch (e) {
        stops.forEach((s) => s());
        owned.forEach((s) => s.getTracks().forEach((t) => t.stop()));
        setError(e instanceof MediaStartError ? mediaErrorMessage(e.cause, e.kind) : mediaErrorMessage(e, 'camera'));
        return null;
      } finally {
        setStarting(false);
      }
    },
    [close],
  );

  const canShareScreen = typeof navigator !== 'undefined' && !!navigator.mediaDevices && 'getDisplayMedia' in navigator.mediaDevices;
  return { stream, error, starting, microphones, level, canShareScreen, open, close };
}

// The microphone's loudness about 15 times a second.
function meter(mic: MediaStream, onLevel: (n: number) => void): () => void {
  const Ctx = window.AudioContext;
  if (!Ctx) return () => undefined;
  const ctx = new Ctx();
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 512;
  ctx.createMediaStreamSource(mic).connect(analyser);
  const buf = new Uint8Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    analyser.getByteTimeDomainData(buf);
    onLevel(levelOf(buf));
  }, 66);
  return () => {
    window.clearInterval(timer);
    void ctx.close().catch(() => undefined);
  };
}
