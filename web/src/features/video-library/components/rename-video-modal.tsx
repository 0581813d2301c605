import { useEffect, useState } from 'react';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { VIDEO_NAME_MAX, videoNameError } from '@shared/video-name';
import { toast } from '@/components/toasts';
import { useRenameVideo } from '@/features/video-library/api/rename-video';

// Rename a video: its name as shown in My Videos (the file keeps its extension on the server).
export function RenameVideoModal({ video, onClose }: { video: { fileId: string; name: string } | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, isPending } = useRenameVideo();
  useEffect(() => {
    if (video) {
      setName(video.name);
      setError(null);
    }
  }, [video]);

  const save = async () => {
    if (!video) return;
    const problem = videoNameError(name);
    if (problem) {
      setError(problem);
      return;
    }
    const res = await mutateAsync({ fileId: video.fileId, name: name.trim() });
    if (res.result) {
      toast.success(`Renamed to "${name.trim()}".`, 'Video renamed');
      onClose();
      return;
    }
    setError(res.errors?.name ?? res.message ?? 'We could not rename this video. Please try again.');
  };

  return (
    <Modal opened={video !== null} onClose={onClose} title="Rename video" size="sm" closeOnClickOutside={!isPending}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextInput
          label="Name"
          description="Only you see it, in My Videos."
          value={name}
          maxLength={VIDEO_NAME_MAX + 20}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
          required
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
