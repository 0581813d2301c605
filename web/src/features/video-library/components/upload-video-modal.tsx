import { Modal, Stack, Text } from '@mantine/core';
import type { FileView } from '@shared/api-types';
import { FileUpload } from '@/components/upload/file-upload';

// 'Upload' on My Videos: the upload control for one video. Closing it stops an upload that is
// still being sent; nothing half-sent is kept.
export function UploadVideoModal({ opened, onClose, onUploaded }: { opened: boolean; onClose: () => void; onUploaded: (file: FileView) => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Upload a video" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          MP4 or MOV. Short clips work best in email: about 30 seconds is ideal, and files under 200 MB upload fastest.
        </Text>
        <FileUpload fileType="video" onUploaded={onUploaded} label="Choose a video to upload" />
      </Stack>
    </Modal>
  );
}
