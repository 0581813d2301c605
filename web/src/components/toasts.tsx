import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';

// Toasts of type success, error, info or warning (spec 01 generic parts): shown for 4 s.
export const TOAST_MS = 4000;

type Kind = 'success' | 'error' | 'info' | 'warning';

const STYLE: Record<Kind, { color: string; icon: React.ReactNode; title: string }> = {
  success: { color: 'teal', icon: <IconCheck size={18} />, title: 'Done' },
  error: { color: 'red', icon: <IconX size={18} />, title: 'Something went wrong' },
  info: { color: 'brand', icon: <IconInfoCircle size={18} />, title: 'Note' },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} />, title: 'Warning' },
};

function show(kind: Kind, message: string, title?: string) {
  const s = STYLE[kind];
  notifications.show({
    color: s.color,
    icon: s.icon,
    title: title ?? s.title,
    message,
    autoClose: TOAST_MS,
    withBorder: true,
  });
}

export const toast = {
  success: (message: string, title?: string) => show('success', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  info: (message: string, title?: string) => show('info', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
};
