import { useEffect, useRef } from 'react';
import { Badge, Box, Text } from '@mantine/core';
import { formatClock, MAX_RECORDING_SECS } from '../utils/timer';
import { previewPosition, type TrimRange } from '../utils/trim';
import classes from './recorder.module.css';

// The picture: the live camera or screen while setting up and recording (a mirror for the
// camera, as people expect), the countdown over it, and the recording itself when reviewing.
export function RecorderStage({
  live,
  mirrored,
  recordingUrl,
  trim,
  countdown,
  status,
  elapsedSecs,
  placeholder,
}: {
  live: MediaStream | null;
  mirrored: boolean;
  recordingUrl: string | null;
  trim: TrimRange | null;
  countdown: number | null;
  status: 'recording' | 'paused' | null;
  elapsedSecs: number;
  placeholder: React.ReactNode;
}) {
  const liveRef = useRef<HTMLVideoElement>(null);
  const reviewRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const v = liveRef.current;
    if (!v) return;
    v.srcObject = live;
    if (live) void v.play().catch(() => undefined);
  }, [live, recordingUrl]);

  // MediaRecorder's WebM carries no duration: the player says Infinity (no total, a seek bar that
  // cannot place anything) until it has seen the end. Sent past the end once, it finds the last
  // frame and the real length; then it goes back to the start of the part kept.
  const trimStart = useRef(0);
  trimStart.current = trim?.[0] ?? 0;
  useEffect(() => {
    const v = reviewRef.current;
    if (!v || !recordingUrl) return undefined;
    let scanning = false;
    const onMetadata = () => {
      if (v.duration !== Infinity) return;
      scanning = true;
      v.currentTime = Number.MAX_SAFE_INTEGER;
    };
    const onDuration = () => {
      if (!scanning || !Number.isFinite(v.duration)) return;
      scanning = false;
      v.currentTime = trimStart.current;
    };
    v.addEventListener('loadedmetadata', onMetadata);
    v.addEventListener('durationchange', onDuration);
    if (v.readyState >= HTMLMediaElement.HAVE_METADATA) onMetadata();
    return () => {
      v.removeEventListener('loadedmetadata', onMetadata);
      v.removeEventListener('durationchange', onDuration);
    };
  }, [recordingUrl]);

  // the preview plays only the part kept
  useEffect(() => {
    const v = reviewRef.current;
    if (!v || !trim) return undefined;
    const onTime = () => {
      const to = previewPosition(v.currentTime, trim);
      if (to !== null && !v.paused) v.currentTime = to;
    };
    v.addEventListener('timeupdate', onTime);
    return () => v.removeEventListener('timeupdate', onTime);
  }, [trim]);

  useEffect(() => {
    const v = reviewRef.current;
    if (v && trim && Math.abs(v.currentTime - trim[0]) > 0.2 && v.paused) v.currentTime = trim[0];
  }, [trim]);

  return (
    <Box className={classes.stage}>
      {recordingUrl ? (
        <video ref={reviewRef} className={classes.video} src={recordingUrl} controls playsInline aria-label="Your recording" />
      ) : live ? (
        <video ref={liveRef} className={classes.video} data-mirrored={mirrored || undefined} muted playsInline aria-label="Camera preview" />
      ) : (
        <div className={classes.placeholder}>{placeholder}</div>
      )}
      {countdown !== null ? (
        <div className={classes.countdown} role="status" aria-live="assertive" aria-label={`Recording starts in ${countdown}`}>
          {countdown}
        </div>
      ) : null}
      {status ? (
        <Badge className={classes.badge} color={status === 'recording' ? 'red' : 'gray'} variant="filled" size="lg" leftSection={<span className={classes.dot} data-paused={status === 'paused' || undefined} />}>
          <Text span inherit style={{ fontVariantNumeric: 'tabular-nums' }}>
            {status === 'paused' ? 'Paused' : 'Rec'} {formatClock(elapsedSecs)} / {formatClock(MAX_RECORDING_SECS)}
          </Text>
        </Badge>
      ) : null}
    </Box>
  );
}
