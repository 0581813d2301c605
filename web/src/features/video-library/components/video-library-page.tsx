import { useState } from 'react';
import { Alert, Button, Card, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconMovie, IconPlayerRecord, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { FileListItem as VideoListItem } from '@shared/api-types';
import { FILES_KEY, useVideos } from '@/lib/api/get-videos';
import { useDeleteFile } from '@/lib/api/delete-file';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toasts';
import { VideoGrid, videoTitle } from '@/components/video-library/video-grid';
import { deleteQuestion } from '@/components/video-library/used-by';
import { RecorderDialog, useRecorderAvailable } from '@/lib/recorder-slot';
import { UploadVideoModal } from './upload-video-modal';
import { StorageUsageNote } from './storage-usage';
import { RenameVideoModal } from './rename-video-modal';
import { useCurrentWorkspace } from '@/lib/workspace/use-workspaces';

export function VideoLibraryPage() {
  const videos = useVideos();
  const items = videos.data ?? null;
  const loadError = videos.isError ? videos.error.message || 'We could not load your videos. Please try again.' : null;
  const { mutateAsync: deleteFile } = useDeleteFile();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [recordOpen, setRecordOpen] = useState(false);
  // A viewer of a company sees the library only: no upload, record, rename, delete or use.
  const { canEdit } = useCurrentWorkspace();
  const canRecord = useRecorderAvailable() && canEdit;
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<VideoListItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [toRename, setToRename] = useState<{ fileId: string; name: string } | null>(null);
  const navigate = useNavigate();
  const question = deleteQuestion((toDelete?.usedBy ?? []).map((u) => u.title));

  const onUploaded = () => {
    setUploadOpen(false);
    // The upload itself refreshed the library (use-file-uploads invalidates it).
    toast.success('Your video is in the library.', 'Video uploaded');
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    // Settled either way, the library is fetched again (gone, or found missing: 404).
    const res = await deleteFile(toDelete.file.fileId);
    setDeleting(false);
    if (res.result) {
      toast.success(`"${videoTitle(toDelete)}" was deleted.`, 'Video deleted');
      setToDelete(null);
      return;
    }
    setToDelete(null);
    // 409: the video is used by an EyeMail; the server says so.
    toast.error(res.message || 'We could not delete this video. Please try again.', 'Not deleted');
  };

  const onRecorded = () => {
    setRecordOpen(false);
    // The library and the storage use.
    void queryClient.invalidateQueries({ queryKey: FILES_KEY });
    toast.success('Your recording is in the library. It is being prepared for email.', 'Recording saved');
  };

  const recordButton = canRecord ? (
    <Button variant="default" leftSection={<IconPlayerRecord size={18} />} onClick={() => setRecordOpen(true)}>
      Record
    </Button>
  ) : null;
  const uploadButton = canEdit && (
    <Group gap="sm">
      {recordButton}
      <Button leftSection={<IconUpload size={18} />} onClick={() => setUploadOpen(true)}>
        Upload
      </Button>
    </Group>
  );

  return (
    <>
      <PageHeader title="My Videos" subtitle="Upload videos once and use them in any EyeMail" actions={uploadButton} />
      <StorageUsageNote />

      {loadError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Videos unavailable" mb="lg">
          <Text size="sm">{loadError}</Text>
          <Button size="xs" variant="white" color="red" mt="sm" onClick={() => void videos.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      {items === null && !loadError ? <VideoGrid items={[]} loading /> : null}

      {items !== null && items.length === 0 ? (
        <Card>
          <EmptyState icon={<IconMovie size={32} stroke={1.6} />} title="No videos found." description={canEdit ? 'Upload an MP4 or MOV and it will be ready for your next EyeMail.' : 'Videos uploaded to this workspace are listed here.'}>
            {canEdit ? (
              <Group mt="sm" gap="sm" justify="center">
                <Button leftSection={<IconUpload size={18} />} onClick={() => setUploadOpen(true)}>
                  Upload your first video
                </Button>
                {canRecord ? (
                  <Button variant="default" leftSection={<IconPlayerRecord size={18} />} onClick={() => setRecordOpen(true)}>
                    Record one
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </EmptyState>
        </Card>
      ) : null}

      {items !== null && items.length > 0 ? (
        <VideoGrid
          items={items}
          onDelete={canEdit ? setToDelete : undefined}
          onRename={canEdit ? (item) => setToRename({ fileId: item.file.fileId, name: videoTitle(item) }) : undefined}
          onUse={canEdit ? (item) => navigate(`/create-eyemail?video=${encodeURIComponent(item.file.fileId)}`) : undefined}
        />
      ) : null}

      <RecorderDialog opened={recordOpen} onClose={() => setRecordOpen(false)} onSaved={onRecorded} />
      <UploadVideoModal opened={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={onUploaded} />
      <RenameVideoModal video={toRename} onClose={() => setToRename(null)} />
      {/* A used video cannot be deleted (the server answers 409): the dialog says so first. */}
      <ConfirmDialog
        opened={toDelete !== null}
        message={question.message}
        loading={deleting}
        confirmLabel={question.canDelete ? 'Delete' : 'OK'}
        confirmColor={question.canDelete ? 'red' : 'brand'}
        onConfirm={() => (question.canDelete ? void confirmDelete() : setToDelete(null))}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
