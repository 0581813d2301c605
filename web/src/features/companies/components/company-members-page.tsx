import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowsExchange, IconBuildingCommunity, IconDoorExit, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { toast } from '@/components/toasts';
import { WORKSPACES_KEY, useCurrentWorkspace, useWorkspaces } from '@/lib/workspace/use-workspaces';
import { useSwitchWorkspace } from '@/lib/workspace/use-switch-workspace';
import { WORKSPACE_ROLE_LABELS, canManageMembers, type MemberView } from '@/lib/workspace/workspace-rules';
import { companiesApi, getMembers, membersKey, type AssignableRole } from '../api/companies-api';
import { MemberRow } from './member-row';
import { InviteDialog } from './invite-dialog';
import { PendingInvitations } from './pending-invitations';
import { DeleteCompany } from './delete-company';
import { AuditLog } from './audit-log';
import { auditKey } from '../api/audit';
import classes from './company-members-page.module.css';

type Asking = { kind: 'remove'; member: MemberView } | { kind: 'transfer'; member: MemberView } | { kind: 'leave' } | null;

// /companies/:id: a company's members and their roles. Owners and admins change roles (never the
// owner's) and remove members; any member but the owner may leave; the owner may hand the company
// to an admin. Each removal and the transfer ask first. Owners and admins see the company's activity.
export function CompanyMembersPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const current = useCurrentWorkspace();
  const switchTo = useSwitchWorkspace();
  const { data: workspaces, isPending: listPending } = useWorkspaces();
  const company = workspaces?.find((w) => w.id === id && w.kind === 'company') ?? null;
  const members = useQuery({ queryKey: membersKey(id), queryFn: ({ signal }) => getMembers(id, signal), enabled: !!company });
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [inviting, setInviting] = useState(false);

  // The activity too: each change made here is one more line of it.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(id) }),
      queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY }),
      queryClient.invalidateQueries({ queryKey: auditKey(id) }),
    ]);

  const run = async (call: () => Promise<{ result: boolean; message: string }>, fallback: string) => {
    setBusy(true);
    const res = await call();
    setBusy(false);
    if (!res.result) toast.error(res.message || fallback);
    else toast.success(res.message);
    return res.result;
  };

  const changeRole = async (member: MemberView, role: AssignableRole) => {
    if (await run(() => companiesApi.setRole(id, member.userId, role), 'We could not change the role. Please try again.')) await refresh();
  };

  const confirm = async () => {
    if (!asking) return;
    if (asking.kind === 'remove') {
      const ok = await run(() => companiesApi.remove(id, asking.member.userId), 'We could not remove the member. Please try again.');
      setAsking(null);
      if (ok) await refresh();
      return;
    }
    if (asking.kind === 'transfer') {
      // The new owner in the list, and "Admin" in the switcher and the header.
      const ok = await run(() => companiesApi.transfer(id, asking.member.userId), 'We could not transfer the ownership. Please try again.');
      setAsking(null);
      if (ok) await refresh();
      return;
    }
    const ok = await run(() => companiesApi.leave(id), 'We could not leave the company. Please try again.');
    setAsking(null);
    if (!ok) return;
    await queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY });
    // Leaving the company shown: back to the personal workspace, on My Companies.
    if (current.id === id) switchTo(null, { to: '/companies' });
    else void navigate('/companies');
  };

  const back = (
    <Anchor component={Link} to="/companies" size="sm" mb="md" display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
      <IconArrowLeft size={16} aria-hidden /> My Companies
    </Anchor>
  );

  if (!company) {
    return (
      <>
        {back}
        {listPending ? (
          <Skeleton height={200} radius="md" />
        ) : (
          <Card>
            <EmptyState icon={<IconBuildingCommunity size={30} />} title="Company not found" description="You are not a member of this company, or it no longer exists." />
          </Card>
        )}
      </>
    );
  }

  const manage = canManageMembers(company.role);
  const details = [company.domain, company.department, `Your role: ${WORKSPACE_ROLE_LABELS[company.role]}`].filter(Boolean).join(' · ');

  return (
    <>
      {back}
      <PageHeader
        title={company.name}
        subtitle={details}
        actions={
          <>
            {manage ? (
              <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
                Invite
              </Button>
            ) : null}
            {company.id !== current.id ? (
              <Button variant="light" leftSection={<IconArrowsExchange size={18} />} onClick={() => switchTo(company.id)}>
                Switch to this company
              </Button>
            ) : null}
            {company.role !== 'owner' ? (
              <Button variant="default" color="red" leftSection={<IconDoorExit size={18} />} onClick={() => setAsking({ kind: 'leave' })}>
                Leave
              </Button>
            ) : null}
          </>
        }
      />
      {/* Paper, not Card: the rows run to the edges, and phones' Card padding (global.css) would
          indent them twice. */}
      <Paper withBorder shadow="xs">
        <Group justify="space-between" px="md" pt="md" pb="xs">
          <Text fw={600} component="h2" size="md" m={0}>
            Members{members.data ? ` (${members.data.length})` : ''}
          </Text>
        </Group>
        {members.isPending ? (
          <Stack p="md" gap="sm" aria-busy="true" aria-label="Loading members">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} radius="md" />
            ))}
          </Stack>
        ) : members.isError ? (
          <Alert color="red" variant="light" m="md" title="Something went wrong">
            {members.error.message || 'We could not load the members.'}
          </Alert>
        ) : (
          <ul className={classes.list} aria-label="Members">
            {members.data.map((m) => (
              <MemberRow
                key={m.userId}
                member={m}
                manage={manage}
                busy={busy}
                onRole={(role) => void changeRole(m, role)}
                onRemove={() => setAsking({ kind: 'remove', member: m })}
                onTransfer={company.role === 'owner' ? () => setAsking({ kind: 'transfer', member: m }) : undefined}
              />
            ))}
          </ul>
        )}
      </Paper>
      {manage ? (
        <>
          <Paper withBorder shadow="xs" mt="md">
            <Text fw={600} component="h2" size="md" m={0} px="md" pt="md" pb="xs">
              Pending invitations
            </Text>
            <PendingInvitations workspaceId={company.id} />
          </Paper>
          <Paper withBorder shadow="xs" mt="md">
            <Text fw={600} component="h2" size="md" m={0} px="md" pt="md" pb="xs">
              Activity
            </Text>
            <AuditLog workspaceId={company.id} />
          </Paper>
          <InviteDialog workspaceId={company.id} companyName={company.name} opened={inviting} onClose={() => setInviting(false)} />
        </>
      ) : null}
      {company.role === 'owner' ? <DeleteCompany company={company} /> : null}
      <ConfirmDialog
        opened={asking !== null}
        loading={busy}
        confirmLabel={asking?.kind === 'leave' ? 'Leave' : asking?.kind === 'transfer' ? 'Make owner' : 'Remove'}
        confirmColor={asking?.kind === 'transfer' ? 'brand' : 'red'}
        message={
          asking?.kind === 'transfer'
            ? `Make ${asking.member.fullName} the owner of ${company.name}? You become an admin; only the owner can transfer the ownership or delete the company.`
            : asking?.kind === 'leave'
            ? `Leave ${company.name}? You lose access to its videos, EyeMails and reports at once; what you made there stays with the company.`
            : asking?.kind === 'remove'
              ? `Remove ${asking.member.fullName} from ${company.name}? They lose access at once; what they made stays with the company.`
              : null
        }
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
