import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useSetAtom } from 'jotai';
import type { FileView } from '@shared/api-types';
import { deleteFile } from '@/lib/api/delete-file';
import { userAtom } from '@/lib/session/user-atom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ProgressBar } from '@/components/progress-bar';
import { toast } from '@/components/toasts';
import { acceptAttribute, RULES } from '@/components/upload/upload-rules';
import { rowStatusText } from '@/components/upload/upload-state';
import { useFileUploads } from '@/components/upload/use-file-uploads';
import { removeProfilePicture, setProfilePicture } from './profile-picture-api';

const SAVED = 'Picture updated successfully';
const HINT = 'JPG or PNG, at least 300px by 300px.';

function initialsOf(name: string): string {
  return (
    name
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

export interface ProfilePictureBlockProps {
  name: string;
  currentUrl: string | null;
  size?: number;
  // Told after the picture was saved or removed on the server.
  onChange?: (url: string | null) => void;
  // Shown between the picture and its buttons (the profile page puts the name there).
  children?: React.ReactNode;
}

// The profile picture block of Settings and Profile (spec 02 section 4): choosing a photo uploads
// it at once and shows it as a preview with Save and Cancel. Save makes it the profile picture;
// Cancel deletes the uploaded file and brings the old picture back.
export function ProfilePictureBlock({ name, currentUrl, size = 104, onChange, children }: ProfilePictureBlockProps) {
  const setUser = useSetAtom(userAtom);
  const [pending, setPending] = useState<FileView | null>(null);
  const [saving, setSaving] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const uploads = useFileUploads({ fileType: 'profile', rules: RULES.profile, resizeImages: true, onUploaded: setPending });
  const row = uploads.rows[0] ?? null;
  const uploading = row?.status === 'uploading';

  // An upload that was never saved is not left behind when the page is left.
  const pendingRef = useRef<FileView | null>(null);
  pendingRef.current = pending;
  useEffect(
    () => () => {
      if (pendingRef.current) void deleteFile(pendingRef.current.fileId);
    },
    [],
  );

  const choose = (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    uploads.reset();
    uploads.addFiles([file]);
  };

  const save = async () => {
    if (!pending) return;
    setSaving(true);
    const res = await setProfilePicture(pending.fileId);
    setSaving(false);
    if (!res.result) {
      toast.error(res.message || 'We could not save your picture. Please try again.', 'Picture not saved');
      return;
    }
    const url = res.body?.profilePictureUrl ?? pending.url;
    setUser((u) => (u ? { ...u, profilePictureUrl: url } : u));
    setPending(null);
    uploads.reset();
    onChange?.(url);
    toast.success(res.message || SAVED, 'Profile picture');
  };

  const discard = async () => {
    if (uploading && row) {
      uploads.cancel(row.key);
      return;
    }
    const file = pending;
    setPending(null);
    uploads.reset();
    if (!file) return;
    setDiscarding(true);
    await deleteFile(file.fileId);
    setDiscarding(false);
  };

  const remove = async () => {
    setRemoving(true);
    const res = await removeProfilePicture();
    setRemoving(false);
    setConfirmRemove(false);
    if (!res.result) {
      toast.error(res.message || 'We could not remove your picture. Please try again.', 'Picture not removed');
      return;
    }
    setUser((u) => (u ? { ...u, profilePictureUrl: null } : u));
    onChange?.(null);
    toast.success(res.message || 'Picture removed.', 'Profile picture');
  };

  const shown = pending?.url ?? currentUrl;
  const problem = uploads.error ?? (row?.status === 'failed' ? rowStatusText(row) : null);

  return (
    <Stack align="center" gap="sm" ta="center">
      <Avatar
        src={shown ?? undefined}
        alt={pending ? 'New profile picture preview' : name ? `${name}'s profile picture` : 'Profile picture'}
        size={size}
        radius={size / 2}
        color="brand"
        variant="light"
        style={pending ? { outline: '3px solid var(--mantine-color-brand-3)', outlineOffset: 3 } : undefined}
      >
        <Text fz={Math.round(size / 3)} fw={700}>
          {initialsOf(name)}
        </Text>
      </Avatar>
      {children}

      {uploading && row ? (
        <Stack gap="xs" w="100%" maw={280}>
          <ProgressBar value={row.percent} label={rowStatusText(row)} ariaLabel="Uploading picture" size="sm" />
          <Button variant="default" size="xs" leftSection={<IconX size={14} />} onClick={() => void discard()} style={{ alignSelf: 'center' }}>
            Cancel
          </Button>
        </Stack>
      ) : pending ? (
        <Stack gap="xs" align="center">
          <Text size="sm" c="dimmed">
            This is a preview. Save to use it as your picture.
          </Text>
          <Group gap="sm" justify="center">
            <Button variant="default" leftSection={<IconX size={16} />} onClick={() => void discard()} disabled={saving} loading={discarding}>
              Cancel
            </Button>
            <Button leftSection={<IconCheck size={16} />} onClick={() => void save()} loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="xs" justify="center">
          <FileButton onChange={choose} accept={acceptAttribute(RULES.profile)} resetRef={resetPicker}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={discarding}>
                {currentUrl ? 'Change picture' : 'Upload picture'}
              </Button>
            )}
          </FileButton>
          {currentUrl ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirmRemove(true)}>
              Remove
            </Button>
          ) : null}
        </Group>
      )}

      {problem ? (
        <Text size="sm" c="red" fw={500} role="alert">
          {problem}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {HINT}
      </Text>

      <ConfirmDialog
        opened={confirmRemove}
        message="Do you really want to remove your profile picture?"
        confirmLabel="Remove"
        loading={removing}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmRemove(false)}
      />
    </Stack>
  );
}
