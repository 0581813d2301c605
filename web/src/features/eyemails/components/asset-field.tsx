import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { FileKind } from '@shared/api-types';
import { FileUpload } from '@/components/upload/file-upload';
import type { FileRef } from '@/features/eyemails/utils/snippet-form';
import { ChosenFile } from './chosen-file';

export interface AssetFieldProps {
  label: string;
  description?: string;
  fileType: FileKind;
  value: FileRef | null;
  onChange: (value: FileRef | null) => void;
  onBusyChange?: (busy: boolean) => void;
  resizeImages?: boolean;
}

// One optional image of the EyeMail (logo, cover, video icon, GIF): the chosen file with a
// Remove control, or the upload control when there is none.
export function AssetField({ label, description, fileType, value, onChange, onBusyChange, resizeImages = false }: AssetFieldProps) {
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <div>
        <Text size="md" fw={500}>
          {label}
        </Text>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {value ? (
        <ChosenFile
          preview={
            value.url ? (
              <img src={value.url} alt={`${label} preview`} style={{ width: 56, height: 56, objectFit: 'contain', borderRadius: 8, background: 'var(--mantine-color-gray-1)', flexShrink: 0 }} />
            ) : (
              <ThemeIcon size={56} variant="light" radius="md">
                <IconPhoto size={24} />
              </ThemeIcon>
            )
          }
          name={value.name}
          removeTooltip="Remove"
          removeLabel={`Remove ${label.toLowerCase()}`}
          onRemove={() => onChange(null)}
        />
      ) : (
        <FileUpload
          fileType={fileType}
          resizeImages={resizeImages}
          compact
          label={`Choose ${label.toLowerCase()}`}
          onBusyChange={onBusyChange}
          onUploaded={(f) => onChange({ fileId: f.fileId, url: f.url, name: f.fileName })}
        />
      )}
    </Stack>
  );
}
