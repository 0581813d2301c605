import { useEffect, useId, useMemo, useRef } from 'react';
import { Button, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCircleCheck, IconCloudUpload, IconFileAlert, IconMovie, IconPhoto, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import type { FileKind, FileView } from '@shared/api-types';
import { formatBytes } from '@/lib/media-format';
import { ProgressBar } from '@/components/progress-bar';
import { TooltipIconButton } from '@/components/tooltip-icon-button';
import { acceptAttribute, RULES, type UploadRules } from './upload-rules';
import { rowStatusText, type UploadRow } from './upload-state';
import { useFileUploads } from './use-file-uploads';
import { ResumeOffer } from './resume-offer';
import classes from './file-upload.module.css';

export interface FileUploadProps {
  // The `type` of POST files: decides the server's checks and the defaults below.
  fileType: FileKind;
  // Allowed extensions ('.png') and content types; defaults to those of fileType.
  accept?: { extensions: string[]; mimeTypes: string[] };
  maxFiles?: number;
  maxSize?: number;
  sizeMessage?: string;
  // Non-GIF images are resized to fit 600x600 as JPEG before they are sent.
  resizeImages?: boolean;
  label?: string;
  // A line under the dropzone; defaults to the kind's help ('300 MB max upload size').
  help?: React.ReactNode;
  disabled?: boolean;
  query?: Record<string, string | number | boolean | null | undefined>;
  onUploaded?: (file: FileView) => void;
  onRemoved?: (file: FileView | null) => void;
  // Told when a file starts or stops being sent (forms wait for it before saving).
  onBusyChange?: (busy: boolean) => void;
  // One slim line instead of the tall dropzone, for optional files in long forms.
  compact?: boolean;
  // Shows each uploaded image as a thumbnail in its row (images only).
  previews?: boolean;
}

function RowView({
  row,
  kind,
  preview,
  onCancel,
  onRetry,
  onRemove,
}: {
  row: UploadRow;
  kind: FileKind;
  preview: boolean;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const Icon = row.status === 'failed' ? IconFileAlert : row.status === 'uploaded' ? IconCircleCheck : kind === 'video' ? IconMovie : IconPhoto;
  const color = row.status === 'failed' ? 'red' : row.status === 'uploaded' ? 'teal' : 'brand';
  return (
    <Paper className={classes.row} data-status={row.status} p="sm" radius="md" role="group" aria-label={`Upload of ${row.name}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {preview && row.file?.url ? (
          <Image src={row.file.url} alt={`Preview of ${row.name}`} w={56} h={56} radius="md" fit="cover" style={{ flexShrink: 0 }} />
        ) : (
          <ThemeIcon variant="light" color={color} size={preview ? 56 : 40} radius="md">
            <Icon size={22} stroke={1.7} />
          </ThemeIcon>
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate title={row.name}>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatBytes(row.size)}
                {row.status === 'uploaded' ? ' · Uploaded' : ''}
              </Text>
            </div>
            {row.status === 'uploading' ? (
              <Button size="xs" variant="default" onClick={onCancel} aria-label={`Cancel upload of ${row.name}`} style={{ flexShrink: 0 }}>
                Cancel
              </Button>
            ) : (
              <Group gap={4} wrap="nowrap">
                {row.status === 'failed' ? (
                  <TooltipIconButton tooltip="Try again" label={`Retry ${row.name}`} onClick={onRetry}>
                    <IconRefresh size={18} />
                  </TooltipIconButton>
                ) : null}
                <TooltipIconButton tooltip="Remove" label={`Remove ${row.name}`} onClick={onRemove}>
                  <IconTrash size={18} />
                </TooltipIconButton>
              </Group>
            )}
          </Group>
          {row.status === 'uploading' ? <ProgressBar value={row.percent} label={rowStatusText(row)} ariaLabel={`Uploading ${row.name}`} size="sm" /> : null}
          {row.status === 'failed' ? (
            <Text size="sm" c="red" role="alert">
              {rowStatusText(row)}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

// The upload control of spec 01: a dropzone, then one row per file with its floored percent,
// Cancel while sending, and uploaded or failed afterwards. The dropzone rests while the list
// holds maxFiles files and wakes when one is removed.
export function FileUpload({
  fileType,
  accept,
  maxFiles = 1,
  maxSize,
  sizeMessage,
  resizeImages = false,
  label,
  help,
  disabled = false,
  query,
  onUploaded,
  onRemoved,
  onBusyChange,
  compact = false,
  previews = false,
}: FileUploadProps) {
  const rules: UploadRules = useMemo(() => {
    const base = RULES[fileType];
    return {
      ...base,
      ...(accept ? { extensions: accept.extensions.map((e) => e.toLowerCase()), mimeTypes: accept.mimeTypes } : {}),
      ...(maxSize ? { maxBytes: maxSize } : {}),
      ...(sizeMessage ? { sizeMessage } : {}),
    };
  }, [fileType, accept, maxSize, sizeMessage]);
  const uploads = useFileUploads({ fileType, rules, maxFiles, resizeImages, query, onUploaded, onRemoved });
  const root = useRef<HTMLDivElement>(null);
  const openPicker = useRef<() => void>(null);
  // The drop area is what the keyboard focuses (Enter or Space opens the file picker; the input
  // itself is hidden): named by its visible line, described by the rules below it. A group, not a
  // button: a button may not hold the file input.
  const titleId = useId();
  const helpId = useId();
  const busyListener = useRef(onBusyChange);
  busyListener.current = onBusyChange;
  useEffect(() => {
    busyListener.current?.(uploads.busy);
  }, [uploads.busy]);
  // Unmounted mid-upload: the upload is stopped, so nothing is busy any more.
  useEffect(() => () => busyListener.current?.(false), []);
  // Forget the picked file once it is taken, so choosing the same file again (after Cancel or
  // Remove) is seen as a new choice.
  const take = (files: File[]) => {
    uploads.addFiles(files);
    const input = root.current?.querySelector<HTMLInputElement>('input[type="file"]');
    if (input) input.value = '';
  };
  const isVideo = fileType === 'video';
  const noun = isVideo ? 'video' : 'file';
  const resting = disabled || uploads.full;

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={() => undefined}
        ref={root}
        openRef={openPicker}
        onDropAny={(files, rejections) => take([...files, ...rejections.map((r) => r.file)])}
        multiple={maxFiles > 1}
        disabled={resting}
        className={classes.dropzone}
        radius="lg"
        inputProps={{ accept: acceptAttribute(rules), 'aria-label': label ?? `Choose a ${noun} to upload` }}
        aria-disabled={resting || undefined}
        role="group"
        aria-labelledby={titleId}
        aria-describedby={uploads.full ? undefined : helpId}
      >
        {uploads.full ? (
          // Resting: one quiet line, so the file below holds the attention.
          <Group justify="center" gap="xs" py={2} wrap="nowrap">
            <IconCloudUpload size={18} stroke={1.6} style={{ flexShrink: 0 }} />
            <Text size="sm" fw={500} id={titleId}>
              {maxFiles > 1 ? `${maxFiles} ${noun}s chosen: remove one to choose another` : `Remove the ${noun} below to choose another`}
            </Text>
          </Group>
        ) : compact ? (
          <Group justify="center" gap="sm" py={4} wrap="nowrap">
            <IconCloudUpload size={20} stroke={1.6} style={{ flexShrink: 0, color: 'var(--mantine-color-brand-6)' }} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} id={titleId}>
                Drag a {noun} here or click to choose
              </Text>
              <Text size="xs" c="dimmed" id={helpId}>
                {help ?? rules.help}
              </Text>
            </div>
          </Group>
        ) : (
          <Stack align="center" gap={6} py="lg" px="sm" ta="center">
            <ThemeIcon size={52} radius="xl" variant="light">
              <Dropzone.Reject>
                <IconX size={26} />
              </Dropzone.Reject>
              <Dropzone.Accept>
                <IconCloudUpload size={26} />
              </Dropzone.Accept>
              <Dropzone.Idle>{isVideo ? <IconMovie size={26} stroke={1.6} /> : <IconCloudUpload size={26} stroke={1.6} />}</Dropzone.Idle>
            </ThemeIcon>
            <Text fw={600} mt={4} id={titleId}>
              {maxFiles > 1 ? `Drag up to ${maxFiles} ${noun}s here or click to choose` : `Drag a ${noun} here or click to choose`}
            </Text>
            <Stack id={helpId} align="center" gap={6}>
              <Text size="sm" c="dimmed">
                {rules.extensions.join(', ')}
              </Text>
              <Text size="xs" c="dimmed">
                {help ?? rules.help}
              </Text>
            </Stack>
          </Stack>
        )}
      </Dropzone>
      {isVideo ? <ResumeOffer hidden={resting || uploads.rows.length > 0} onChoose={() => openPicker.current?.()} /> : null}
      {uploads.error ? (
        <Text size="sm" c="red" fw={500} role="alert">
          {uploads.error}
        </Text>
      ) : null}
      {uploads.rows.map((row) => (
        <RowView
          key={row.key}
          row={row}
          kind={fileType}
          preview={previews && fileType !== 'video'}
          onCancel={() => uploads.cancel(row.key)}
          onRetry={() => uploads.retry(row.key)}
          onRemove={() => uploads.remove(row.key)}
        />
      ))}
    </Stack>
  );
}
