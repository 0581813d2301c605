import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/components/toasts';
import { WORKSPACES_KEY } from '@/lib/workspace/use-workspaces';
import { useSwitchWorkspace } from '@/lib/workspace/use-switch-workspace';
import type { WorkspaceView } from '@/lib/workspace/workspace-rules';

// The name typed matches whatever the case and the spaces around it (the server's rule too).
const sameName = (typed: string, name: string) => typed.trim() !== '' && typed.trim().toLocaleLowerCase('en') === name.trim().toLocaleLowerCase('en');

// The owner's danger zone on the company's page: deleting the company asks for its name typed.
// The server refuses while any of its EyeMails is active (recipients still open them) and says
// so here; once deleted, the dashboard goes to My Companies in the personal workspace.
export function DeleteCompany({ company }: { company: WorkspaceView }) {
  const queryClient = useQueryClient();
  const switchTo = useSwitchWorkspace();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    if (pending) return;
    setOpened(false);
    setTyped('');
    setFailure(null);
  };

  const submit = async () => {
    setFailure(null);
    setPending(true);
    const res = await api.delete<null>('workspace', { body: { name: typed }, workspaceId: company.id });
    setPending(false);
    if (!res.result) {
      setFailure(res.message || 'We could not delete the company. Please try again.');
      return;
    }
    setOpened(false);
    // Personal first, so the list without the company is no "workspace lost".
    switchTo(null, { to: '/companies' });
    await queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY });
    toast.success(`${company.name} was deleted, with its EyeMails, their reports and its videos. You are in your personal workspace.`, 'Company deleted');
  };

  return (
    <>
      <Paper withBorder shadow="xs" mt="xl" p="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
        <Text fw={600} component="h2" size="md" m={0} c="red.8">
          Delete company
        </Text>
        <Group justify="space-between" align="center" gap="md" mt="xs">
          <Text size="sm" c="dimmed" maw={560} style={{ flex: '1 1 260px' }}>
            Deletes {company.name} for everyone: its EyeMails and their reports, its videos and their files, its members, API tokens and webhooks. Its EyeMails must be deactivated first. This cannot be undone.
          </Text>
          <Button color="red" variant="outline" leftSection={<IconTrash size={18} />} onClick={() => setOpened(true)}>
            Delete company
          </Button>
        </Group>
      </Paper>
      <Modal opened={opened} onClose={close} title={`Delete ${company.name}?`} size="md" closeOnClickOutside={!pending}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (sameName(typed, company.name)) void submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              Everything of the company goes, for all its members: EyeMails, reports, videos, API tokens, webhooks and invitations. Members keep their personal workspaces.
            </Text>
            {failure ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Not deleted" role="alert">
                {failure}
              </Alert>
            ) : null}
            <TextInput
              label={`Type the company's name, ${company.name}, to confirm`}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={pending} disabled={!sameName(typed, company.name)}>
                Delete company
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
