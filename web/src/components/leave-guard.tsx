import { useEffect, useRef } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router';

export interface LeaveGuardProps {
  // Unsaved changes: leaving asks first.
  when: boolean;
  // Read at the moment of leaving: true lets a save's own navigation through.
  allow?: () => boolean;
  message: string;
}

// Asks before a form with unsaved changes is left: a link or Back inside the dashboard opens this
// dialog (React Router's blocker); a reload, a typed address or closing the tab gets the
// browser's own question (beforeunload, whose words browsers choose themselves).
export function LeaveGuard({ when, allow, message }: LeaveGuardProps) {
  const allowRef = useRef(allow);
  allowRef.current = allow;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && !allowRef.current?.() && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const ask = (e: BeforeUnloadEvent) => {
      if (allowRef.current?.()) return;
      e.preventDefault();
      // Older browsers show the question only when a value is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  // Changes undone while the dialog is open: nothing to ask any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.reset();
  }, [blocker, when]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title="Leave this page?" size="sm">
      <Text c="dimmed">{message}</Text>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
        <Button onClick={() => blocker.reset?.()} data-autofocus>
          Stay
        </Button>
      </Group>
    </Modal>
  );
}
