import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Text } from '@mantine/core';
import { IconAlertTriangle, IconMovie, IconUpload } from '@tabler/icons-react';
import { mediaApi, type VideoListItem } from '@/lib/media-api';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toasts';
import { VideoGrid, videoTitle } from '@/components/video-library/video-grid';
import { UploadVideoModal } from './upload-video-modal';

const DELETE_QUESTION = 'Do you really want to delete this video?';

export function VideoLibraryPage() {
  const [items, setItems] = useState<VideoListItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [toDelete, setToDelete] = useState<VideoListItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(async () => {
    const res = await mediaApi.listVideos();
    if (res.result && Array.isArray(res.body)) {
      setItems(res.body);
      setLoadError(null);
    } else {
      setLoadError(res.message || 'We could not load your videos. Please try again.');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const onUploaded = () => {
    setUploadOpen(false);
    toast.success('Your video is in the library.', 'Video uploaded');
    void load();
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    const res = await mediaApi.deleteFile(toDelete.file.fileId);
    setDeleting(false);
    if (res.result) {
      const gone = toDelete.file.fileId;
      setItems((list) => (list ? list.filter((i) => i.file.fileId !== gone) : list));
      toast.success(`"${videoTitle(toDelete)}" was deleted.`, 'Video deleted');
      setToDelete(null);
      return;
    }
    setToDelete(null);
    // 409: the video is used by an EyeMail; the server says so.
    toast.error(res.message || 'We could not delete this video. Please try again.', 'Not deleted');
    if (res.status === 404) void load();
  };

  const uploadButton = (
    <Button leftSection={<IconUpload size={18} />} onClick={() => setUploadOpen(true)}>
      Upload
    </Button>
  );

  return (
    <>
      <PageHeader title="My Videos" subtitle="Upload videos once and use them in any EyeMail" actions={uploadButton} />

      {loadError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Videos unavailable" mb="lg">
          <Text size="sm">{loadError}</Text>
          <Button size="xs" variant="white" color="red" mt="sm" onClick={() => void load()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      {items === null && !loadError ? <VideoGrid items={[]} loading /> : null}

      {items !== null && items.length === 0 ? (
        <Card>
          <EmptyState icon={<IconMovie size={32} stroke={1.6} />} title="No videos found." description="Upload an MP4 or MOV and it will be ready for your next EyeMail.">
            <Button mt="sm" leftSection={<IconUpload size={18} />} onClick={() => setUploadOpen(true)}>
              Upload your first video
            </Button>
          </EmptyState>
        </Card>
      ) : null}

      {items !== null && items.length > 0 ? <VideoGrid items={items} onDelete={setToDelete} /> : null}

      <UploadVideoModal opened={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={onUploaded} />
      <ConfirmDialog
        opened={toDelete !== null}
        message={DELETE_QUESTION}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
