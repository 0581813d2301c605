import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RecorderModalProps } from '@/lib/recorder-slot';
import { Recorder } from './recorder';

// The recorder in a dialog (full screen on a phone). Closing it stops the camera and anything
// not yet saved; a saved recording is in My Videos.
export function RecorderModal({ opened, onClose, onSaved }: RecorderModalProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title="Record a video" size="xl" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close recorder' }}>
      {opened ? <Recorder onSaved={onSaved} /> : null}
    </Modal>
  );
}

export default RecorderModal;
