import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { InvitationView } from '@shared/invitation-types';
import { WORKSPACE_ROLE_LABELS } from '@shared/workspace-roles';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toasts';
import { formatDate } from '@/lib/date-format';
import { invitationsApi, invitationsKey, usePendingInvitations } from '../api/invitations';

// A company's pending invitations (expired ones too) with Resend and Revoke, for its owner and
// admins: render it only for them (canManageMembers), the server refuses anyone else.
export function PendingInvitations({ workspaceId }: { workspaceId: string }) {
  const queryClient = useQueryClient();
  const { data, isPending, error } = usePendingInvitations(workspaceId);
  const [busy, setBusy] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<InvitationView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsKey(workspaceId) });

  const resend = async (inv: InvitationView) => {
    setBusy(inv.id);
    const res = await invitationsApi.resend(workspaceId, inv.id);
    setBusy(null);
    if (res.result) toast.success(`The invitation to ${inv.email} was sent again.`);
    else toast.error(res.message || 'We could not resend the invitation.');
    await refresh();
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(revoking.id);
    const res = await invitationsApi.revoke(workspaceId, revoking.id);
    setBusy(null);
    setRevoking(null);
    if (res.result) toast.success(res.message || 'The invitation was revoked.');
    else toast.error(res.message || 'We could not revoke the invitation.');
    await refresh();
  };

  if (isPending) return <Loader size="sm" aria-label="Loading invitations" />;
  if (error) return <Text c="red">{error.message}</Text>;
  if (!data?.length) {
    return (
      <Text c="dimmed" size="sm">
        No pending invitations.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" aria-label="Pending invitations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Address</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Invited by</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((inv) => (
              <Table.Tr key={inv.id}>
                <Table.Td>{inv.email}</Table.Td>
                <Table.Td>{WORKSPACE_ROLE_LABELS[inv.role]}</Table.Td>
                <Table.Td>{inv.inviterName || '—'}</Table.Td>
                <Table.Td>{formatDate(inv.sentAt)}</Table.Td>
                <Table.Td>
                  {inv.expired ? (
                    <Badge color="gray" variant="light">
                      Expired
                    </Badge>
                  ) : (
                    formatDate(inv.expiresAt)
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="default" loading={busy === inv.id && !revoking} disabled={!!busy} onClick={() => resend(inv)}>
                      Resend
                    </Button>
                    <Button size="xs" variant="subtle" color="red" disabled={!!busy} onClick={() => setRevoking(inv)}>
                      Revoke
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={!!revoking}
        message={revoking ? `Revoke the invitation to ${revoking.email}? Its link stops working at once.` : ''}
        confirmLabel="Revoke"
        loading={!!busy}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
