import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { InvitationView } from '@shared/invitation-types';
import { WORKSPACE_ROLE_LABELS } from '@shared/workspace-roles';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toasts';
import { formatDate } from '@/lib/date-format';
import { invitationsApi, invitationsKey, usePendingInvitations } from '../api/invitations';
import classes from './company-members-page.module.css';

// An address that must wrap (a phone) breaks after its @ rather than inside a word.
function breakable(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

// A company's pending invitations (expired ones too) with Resend and Revoke, for its owner and
// admins: render it only for them (canManageMembers), the server refuses anyone else. Drawn to sit
// in a card without padding, under its heading (the members page).
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

  if (isPending) return <Loader size="sm" m="md" aria-label="Loading invitations" />;
  if (error) {
    return (
      <Text c="red" size="sm" px="md" pb="md">
        {error.message}
      </Text>
    );
  }
  if (!data?.length) {
    return (
      <Text c="dimmed" size="sm" px="md" pb="md">
        No pending invitations.
      </Text>
    );
  }
  // A list in the members' style rather than a table: on a phone a row wraps (its buttons under
  // the address) instead of hiding the role, the dates and Resend and Revoke behind a scroll.
  return (
    <>
      <ul className={classes.list} aria-label="Pending invitations">
        {data.map((inv) => (
          <Group key={inv.id} component="li" className={classes.row} justify="space-between" wrap="wrap" gap="sm" aria-label={inv.email}>
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
              <ThemeIcon size={38} radius="xl" variant="light" color="gray" aria-hidden>
                <IconMail size={18} />
              </ThemeIcon>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {breakable(inv.email)}
                  </Text>
                  <Badge size="sm" variant="light" color="gray">
                    {WORKSPACE_ROLE_LABELS[inv.role]}
                  </Badge>
                  {inv.expired ? (
                    <Badge size="sm" variant="light" color="orange">
                      Expired
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {[inv.inviterName ? `Invited by ${inv.inviterName}` : null, `Sent ${formatDate(inv.sentAt)}`, `${inv.expired ? 'Expired' : 'Expires'} ${formatDate(inv.expiresAt)}`]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" loading={busy === inv.id && !revoking} disabled={!!busy} onClick={() => resend(inv)}>
                Resend
              </Button>
              <Button size="xs" variant="subtle" color="red" disabled={!!busy} onClick={() => setRevoking(inv)}>
                Revoke
              </Button>
            </Group>
          </Group>
        ))}
      </ul>
      <ConfirmDialog
        opened={!!revoking}
        message={revoking ? `Revoke the invitation to ${revoking.email}? Its link stops working at once.` : ''}
        confirmLabel="Revoke"
        loading={!!busy}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
