import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMovie, IconPlayerRecord, IconRefresh, IconVideo } from '@tabler/icons-react';
import type { FileListItem as VideoListItem } from '@shared/api-types';
import { useVideos } from '@/lib/api/get-videos';
import { RecorderDialog, useRecorderAvailable } from '@/lib/recorder-slot';
import { FileUpload } from '@/components/upload/file-upload';
import { ProgressBar } from '@/components/progress-bar';
import { Spinner } from '@/components/spinner';
import { VideoGrid, videoTitle } from '@/components/video-library/video-grid';
import type { FileRef } from '@/features/eyemails/utils/snippet-form';
import { encodingLabel } from '@/features/eyemails/utils/encoding-progress';
import type { EncodingStatus } from '@/features/eyemails/utils/use-video-encoding';
import { ChosenFile } from './chosen-file';

// 'Choose from My Videos': the library grid in picker mode.
function VideoPicker({ opened, selectedId, onClose, onSelect }: { opened: boolean; selectedId: string | null; onClose: () => void; onSelect: (item: VideoListItem) => void }) {
  // Fetched when the picker opens, and again on every opening (a video may have been added).
  const videos = useVideos({ enabled: opened, staleTime: 0 });
  const items = videos.data ?? null;
  const error = videos.isError && !items ? videos.error.message || 'We could not load your videos.' : null;
  return (
    <Modal opened={opened} onClose={onClose} title="Choose from My Videos" size="xl">
      {error ? <Text c="red">{error}</Text> : null}
      {!error && items === null ? <Spinner label="Loading videos…" minHeight={160} /> : null}
      {items && items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No videos found.
        </Text>
      ) : null}
      {items && items.length > 0 ? <VideoGrid items={items} selectMode selectedId={selectedId} onSelect={onSelect} /> : null}
    </Modal>
  );
}

// The inline state of the email encoding under the chosen video.
export function EncodingInline({ status, onRetry }: { status: EncodingStatus; onRetry: () => void }) {
  if (status.phase === 'idle') return null;
  if (status.phase === 'failed') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} py="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{status.error || 'The video could not be processed.'}</Text>
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (status.phase === 'completed') {
    return (
      <Group gap={6} c="teal">
        <IconCircleCheck size={18} />
        <Text size="sm" fw={500}>
          Ready for email
        </Text>
      </Group>
    );
  }
  return <ProgressBar value={status.progress} label={encodingLabel(status)} ariaLabel="Encoding progress" size="sm" />;
}

export interface VideoFieldProps {
  value: FileRef | null;
  onChange: (value: FileRef | null) => void;
  onBusyChange?: (busy: boolean) => void;
  encoding: EncodingStatus;
  onRetryEncoding: () => void;
  error?: string;
}

// The EyeMail's video: upload one, or pick one from My Videos; then its encoding progress.
export function VideoField({ value, onChange, onBusyChange, encoding, onRetryEncoding, error }: VideoFieldProps) {
  const [picking, setPicking] = useState(false);
  const [recording, setRecording] = useState(false);
  const canRecord = useRecorderAvailable();
  return (
    <Stack gap="xs" role="group" aria-label="Video">
      <div>
        <Text size="md" fw={500}>
          Video{' '}
          <Text span c="red">
            *
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          MP4 or MOV. About 30 seconds works best in email.
        </Text>
      </div>
      {value ? (
        <ChosenFile
          preview={
            value.thumbnailUrl ? (
              <img src={value.thumbnailUrl} alt="" style={{ width: 80, height: 45, objectFit: 'cover', borderRadius: 6, background: '#14121f', flexShrink: 0 }} />
            ) : (
              <ThemeIcon size={45} variant="light" radius="md">
                <IconMovie size={22} />
              </ThemeIcon>
            )
          }
          name={value.name}
          removeTooltip="Remove video"
          removeLabel="Remove video"
          onRemove={() => onChange(null)}
        />
      ) : (
        <>
          <FileUpload
            fileType="video"
            label="Choose a video to upload"
            onBusyChange={onBusyChange}
            onUploaded={(f) => onChange({ fileId: f.fileId, url: f.url, name: f.fileName })}
          />
          <Text size="sm" c="dimmed">
            or{' '}
            <Anchor component="button" type="button" onClick={() => setPicking(true)} inherit fw={600}>
              <Group gap={4} component="span" wrap="nowrap" style={{ display: 'inline-flex', verticalAlign: 'bottom' }}>
                <IconVideo size={16} /> choose from My Videos
              </Group>
            </Anchor>
            {canRecord ? (
              <>
                {' '}
                or{' '}
                <Anchor component="button" type="button" onClick={() => setRecording(true)} inherit fw={600}>
                  <Group gap={4} component="span" wrap="nowrap" style={{ display: 'inline-flex', verticalAlign: 'bottom' }}>
                    <IconPlayerRecord size={16} /> record one
                  </Group>
                </Anchor>
              </>
            ) : null}
          </Text>
        </>
      )}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {value ? <EncodingInline status={encoding} onRetry={onRetryEncoding} /> : null}
      <RecorderDialog
        opened={recording}
        onClose={() => setRecording(false)}
        onSaved={(f) => {
          setRecording(false);
          onChange({ fileId: f.fileId, url: f.url, name: f.fileName.replace(/\.[a-z0-9]+$/i, '') });
        }}
      />
      <VideoPicker
        opened={picking}
        selectedId={value?.fileId ?? null}
        onClose={() => setPicking(false)}
        onSelect={(item) => {
          onChange({ fileId: item.file.fileId, url: item.file.url, name: videoTitle(item), thumbnailUrl: item.file.thumbnailUrl });
          setPicking(false);
        }}
      />
    </Stack>
  );
}
