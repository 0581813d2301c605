import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Progress, RangeSlider, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCamera, IconDeviceDesktop, IconPlayerPause, IconPlayerPlay, IconPlayerRecord, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { FileListItem, FileView } from '@shared/api-types';
import { ProgressBar } from '@/components/progress-bar';
import { videosKey } from '@/lib/api/get-videos';
import { startRecordingUpload, type RecordingUpload } from '../api/recording-upload';
import { encodeRecording } from '../api/encode-recording';
import { chooseRecordingFormat, recordingFileName } from '../utils/mime';
import { COUNTDOWN_FROM, formatClock, spokenDuration } from '../utils/timer';
import { clampTrim, reviewDuration, trimQuery, TRIM_STEP, type TrimRange } from '../utils/trim';
import { recordedDuration } from './recorded-duration';
import { RecorderStage } from './recorder-stage';
import { NO_MICROPHONE, useMediaSources, type SourceKind } from './use-media-sources';
import { useMediaRecorder } from './use-media-recorder';

type Phase = 'setup' | 'countdown' | 'recording' | 'review' | 'saving';

export interface RecorderProps {
  onSaved: (file: FileView) => void;
}

// Record a video in the page: camera, screen, or screen with a camera bubble; a microphone and
// its level; 3-2-1; pause and resume; up to 5 minutes; then preview, trim, retake or save. The
// recording is sent while it is being made, and its email encoding starts as soon as it is in.
export function Recorder({ onSaved }: RecorderProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const media = useMediaSources();
  const [source, setSource] = useState<SourceKind>('camera');
  const [microphone, setMicrophone] = useState('');
  const [phase, setPhase] = useState<Phase>('setup');
  const [countdown, setCountdown] = useState<number | null>(null);
  const [recording, setRecording] = useState<{ url: string; duration: number } | null>(null);
  const [trim, setTrim] = useState<TrimRange>([0, 0]);
  const [uploadPct, setUploadPct] = useState(0);
  const [uploaded, setUploaded] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useRef<RecordingUpload | null>(null);
  const stopRef = useRef<() => void>(() => undefined);
  const recorder = useMediaRecorder(useCallback(() => stopRef.current(), []));
  const format = useMemo(() => (typeof MediaRecorder === 'undefined' ? null : chooseRecordingFormat((m) => MediaRecorder.isTypeSupported(m))), []);
  const screenSources = media.canShareScreen && !phone;
  const queryClient = useQueryClient();

  const { open } = media;
  // the camera opens by itself; a screen needs the user's click (browsers require it)
  useEffect(() => {
    if (phase === 'setup' && source === 'camera' && !recording) void open('camera', microphone);
  }, [open, phase, source, microphone, recording]);

  // free the recording's address when it is replaced or the recorder closes
  useEffect(() => () => (recording ? URL.revokeObjectURL(recording.url) : undefined), [recording]);
  // closed without saving: the recording goes from the server (and its encoding is not asked for)
  useEffect(
    () => () => {
      upload.current?.abort();
      upload.current = null;
    },
    [],
  );

  const begin = () => {
    const stream = media.stream;
    if (!stream || !format) return;
    setProblem(null);
    setUploaded(false);
    setUploadPct(0);
    // the names in My Videos when the page has them: a new name never repeats one
    const taken = (queryClient.getQueryData<FileListItem[]>(videosKey) ?? []).flatMap((v) => [v.fileName, v.file.fileName]);
    const up = startRecordingUpload({ fileName: recordingFileName(new Date(), format.extension, taken), fileType: format.fileType, onProgress: setUploadPct });
    upload.current = up;
    // the whole recording's encoding starts once the server has it (the trim, if any, re-encodes)
    up.done.then(
      (file) => {
        setUploaded(true);
        setUploadPct(100);
        if (upload.current === up) void encodeRecording(file.fileId, null).catch(() => undefined);
      },
      (e: unknown) => {
        if (upload.current === up) setProblem(e instanceof Error ? e.message : String(e));
      },
    );
    recorder.start(stream, format, (chunk) => up.push(chunk));
    setPhase('recording');
  };

  // 3, 2, 1, then recording
  useEffect(() => {
    if (phase !== 'countdown' || countdown === null) return undefined;
    if (countdown === 0) {
      setCountdown(null);
      begin();
      return undefined;
    }
    const t = window.setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, countdown]);

  const stop = async () => {
    const { blob, seconds } = await recorder.stop();
    media.close();
    if (!blob) {
      // nothing to send: the empty upload goes from the server too
      upload.current?.abort();
      upload.current = null;
      setProblem('Nothing was recorded. Please try again.');
      setPhase('setup');
      return;
    }
    upload.current?.end();
    const url = URL.createObjectURL(blob);
    // what the file holds, not the clock: a trim to the end then keeps what was recorded
    const duration = reviewDuration(await recordedDuration(url), seconds);
    setRecording({ url, duration });
    setTrim([0, duration]);
    setPhase('review');
  };
  stopRef.current = () => void stop();

  const retake = () => {
    upload.current?.abort();
    upload.current = null;
    recorder.reset();
    setRecording(null);
    setProblem(null);
    setPhase('setup');
    if (source !== 'camera') void media.open(source, microphone);
  };

  const save = async () => {
    const up = upload.current;
    if (!up || !recording) return;
    setPhase('saving');
    setProblem(null);
    try {
      const file = await up.done;
      const cut = trimQuery(trim, recording.duration);
      if (cut) await encodeRecording(file.fileId, cut);
      upload.current = null;
      onSaved(file);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
      setPhase('review');
    }
  };

  const error = problem ?? media.error;
  const duration = recording?.duration ?? 0;
  const kept = trim[1] - trim[0];

  return (
    <Stack gap="md">
      <RecorderStage
        live={phase === 'review' || phase === 'saving' ? null : media.stream}
        mirrored={source === 'camera'}
        recordingUrl={recording?.url ?? null}
        trim={recording ? trim : null}
        countdown={countdown}
        status={phase === 'recording' ? (recorder.state === 'paused' ? 'paused' : 'recording') : null}
        elapsedSecs={recorder.elapsedSecs}
        placeholder={
          media.starting ? (
            <Text>Starting…</Text>
          ) : source === 'camera' ? (
            <>
              <IconCamera size={36} stroke={1.4} />
              <Text size="sm">Your camera appears here.</Text>
            </>
          ) : (
            <>
              <IconDeviceDesktop size={36} stroke={1.4} />
              <Text size="sm">Choose the screen, window or tab to record.</Text>
            </>
          )
        }
      />

      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title="Can't record">
          <Text size="sm">{error}</Text>
          {phase === 'setup' ? (
            <Button size="xs" variant="white" color="red" mt="xs" leftSection={<IconRefresh size={14} />} onClick={() => void media.open(source, microphone)}>
              Try again
            </Button>
          ) : null}
        </Alert>
      ) : null}

      {phase === 'setup' || phase === 'countdown' ? (
        <>
          {screenSources ? (
            <SegmentedControl
              aria-label="What to record"
              value={source}
              onChange={(v) => {
                setSource(v as SourceKind);
                media.close();
              }}
              disabled={phase === 'countdown'}
              data={[
                { value: 'camera', label: 'Camera' },
                { value: 'screen', label: 'Screen' },
                { value: 'screen-camera', label: 'Screen + camera' },
              ]}
            />
          ) : null}
          <Group align="end" gap="md" wrap="wrap">
            <Select
              label="Microphone"
              style={{ flex: 1, minWidth: 200 }}
              value={microphone}
              allowDeselect={false}
              disabled={phase === 'countdown'}
              onChange={(v) => {
                setMicrophone(v ?? '');
                if (source !== 'camera' && media.stream) void media.open(source, v ?? '');
              }}
              data={[
                { value: '', label: 'Default microphone' },
                ...media.microphones.filter((m) => m.deviceId !== 'default').map((m, i) => ({ value: m.deviceId, label: m.label || `Microphone ${i + 1}` })),
                { value: NO_MICROPHONE, label: 'No microphone (silent video)' },
              ]}
            />
            <div style={{ flex: 1, minWidth: 160 }}>
              <Text size="sm" fw={500} mb={6} aria-hidden>
                Microphone level
              </Text>
              <Progress.Root size="lg" radius="xl">
                <Progress.Section value={microphone === NO_MICROPHONE ? 0 : media.level} aria-label="Microphone level" color={media.level > 85 ? 'orange' : 'teal'} />
              </Progress.Root>
            </div>
          </Group>
          <Group justify="flex-end" gap="sm">
            {source !== 'camera' && !media.stream ? (
              <Button variant="default" leftSection={<IconDeviceDesktop size={18} />} loading={media.starting} onClick={() => void media.open(source, microphone)}>
                Choose screen
              </Button>
            ) : null}
            {phase === 'countdown' ? (
              <Button variant="default" onClick={() => { setCountdown(null); setPhase('setup'); }}>
                Cancel countdown
              </Button>
            ) : (
              <Button color="red" leftSection={<IconPlayerRecord size={18} />} disabled={!media.stream || !format} onClick={() => { setCountdown(COUNTDOWN_FROM); setPhase('countdown'); }}>
                Start recording
              </Button>
            )}
          </Group>
        </>
      ) : null}

      {phase === 'recording' ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" role="timer" aria-label={`Recorded ${spokenDuration(recorder.elapsedSecs)} of 5 minutes`}>
            Up to 5 minutes; it stops by itself at {formatClock(300)}.
          </Text>
          <Group gap="sm">
            {recorder.state === 'paused' ? (
              <Button variant="default" leftSection={<IconPlayerPlay size={18} />} onClick={recorder.resume}>
                Resume
              </Button>
            ) : (
              <Button variant="default" leftSection={<IconPlayerPause size={18} />} onClick={recorder.pause}>
                Pause
              </Button>
            )}
            <Button color="red" leftSection={<IconPlayerStop size={18} />} onClick={() => void stop()}>
              Stop
            </Button>
          </Group>
        </Group>
      ) : null}

      {recording && (phase === 'review' || phase === 'saving') ? (
        <>
          <div>
            <Text size="sm" fw={500} id="trim-label">
              Trim: keep {formatClock(trim[0])}–{formatClock(trim[1])} ({kept.toFixed(1)} s of {duration.toFixed(1)} s)
            </Text>
            <RangeSlider
              aria-labelledby="trim-label"
              thumbFromLabel="Trim start"
              thumbToLabel="Trim end"
              min={0}
              max={duration}
              step={TRIM_STEP}
              minRange={Math.min(1, duration)}
              value={trim}
              onChange={(v) => setTrim(clampTrim(v, duration, v[0] !== trim[0] ? 'start' : 'end'))}
              // The line above shows both ends as they move; a floating label over the thumb
              // covered that line at phone width.
              label={null}
              disabled={phase === 'saving' || duration <= 1}
              mt="xs"
              mb="md"
            />
          </div>
          {!uploaded ? <ProgressBar value={uploadPct} label="Sending your recording" ariaLabel="Upload progress" size="sm" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={retake} disabled={phase === 'saving'}>
              Retake
            </Button>
            <Button onClick={() => void save()} loading={phase === 'saving'}>
              Save video
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
