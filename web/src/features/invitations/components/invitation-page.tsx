import { useState } from 'react';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuilding, IconMailOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { ROLE_WITH_ARTICLE, type InvitationPreview } from '@shared/invitation-types';
import { userAtom } from '@/lib/session/user-atom';
import { signOut } from '@/lib/session/session-api';
import { forgetStoredWorkspace } from '@/lib/session/workspace-atom';
import { WORKSPACES_KEY } from '@/lib/workspace/use-workspaces';
import { useSwitchWorkspace } from '@/lib/workspace/use-switch-workspace';
import { toast } from '@/components/toasts';
import { formatDate } from '@/lib/date-format';
import { acceptInvitation, useInvitation } from '../api/invitation-link';

// Where an accepted invitation lands: the company's library.
export const AFTER_ACCEPT_PATH = '/video-library';

// The sign-in and sign-up pages for the invited address, both coming back to this page.
export function accountLinks(token: string, email: string): { signIn: string; signUp: string } {
  const query = `?next=${encodeURIComponent(`/invitations/${token}`)}&email=${encodeURIComponent(email)}`;
  return { signIn: `/signin${query}`, signUp: `/signup${query}` };
}

// A long address breaks where it must rather than running out of a phone's width.
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// /invitations/:token, opened from the invitation mail whether or not anyone is signed in:
// signed out, it offers sign-in and sign-up with the invited address (both come back here);
// signed in with that address, Accept joins the company, switches to it and opens its library;
// signed in with another account, it says so and offers to sign out.
export function InvitationPage() {
  const { token = '' } = useParams();
  const { data: res, isPending } = useInvitation(token);

  if (token && isPending) {
    return (
      <Stack align="center" ta="center" gap="md" role="status">
        <Loader size="lg" />
        <Text c="dimmed">Opening your invitation…</Text>
      </Stack>
    );
  }
  if (!res?.result || !res.body) {
    return <LinkProblem message={res?.message || 'This invitation link is not valid.'} />;
  }
  return <Invitation token={token} invitation={res.body} />;
}

function LinkProblem({ message }: { message: string }) {
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={72} radius={36} variant="light" color="red">
        <IconMailOff size={40} />
      </ThemeIcon>
      <Title order={1} fz={28}>
        This invitation cannot be used
      </Title>
      <Text c="dimmed" size="lg" role="status">
        {message}
      </Text>
      <Button component={Link} to="/" mt="sm">
        Go to EyeMail
      </Button>
    </Stack>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const [user, setUser] = useAtom(userAtom);
  const queryClient = useQueryClient();
  const switchTo = useSwitchWorkspace();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const links = accountLinks(token, invitation.email);

  const accept = async () => {
    setFailure(null);
    setPending(true);
    const res = await acceptInvitation(token);
    setPending(false);
    if (!res.result || !res.body) {
      setFailure(res.message || 'We could not accept the invitation. Please try again.');
      return;
    }
    const joined = res.body;
    if (joined.emailVerified) setUser((u) => (u ? { ...u, emailVerified: true } : u));
    await queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY });
    toast.success(res.message || `You joined ${joined.companyName}.`);
    switchTo(joined.workspaceId, { to: AFTER_ACCEPT_PATH });
  };

  // Signs out and comes back to this page, to sign in (or up) with the invited address.
  const signOutAndReturn = async () => {
    setPending(true);
    const res = await signOut();
    if (!res.result) {
      setPending(false);
      setFailure(res.message || 'We could not sign you out. Please try again.');
      return;
    }
    if (user) forgetStoredWorkspace(user.id);
    queryClient.clear();
    window.location.replace(links.signIn);
  };

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius={24} variant="light">
          <IconBuilding size={26} />
        </ThemeIcon>
        <div style={{ minWidth: 0, ...WRAP_ANYWHERE }}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Join {invitation.companyName}
          </Title>
          <Text c="dimmed">
            {invitation.inviterName || 'Someone'} invited you to {invitation.companyName} on EyeMail as {ROLE_WITH_ARTICLE[invitation.role]}.
          </Text>
        </div>
      </Group>
      <Text size="sm" style={WRAP_ANYWHERE}>
        The invitation is for <strong>{invitation.email}</strong>. It expires on {formatDate(invitation.expiresAt)}.
      </Text>
      {failure ? (
        <Alert color="red" role="alert" title="Not accepted">
          {failure}
        </Alert>
      ) : null}
      {!user ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" style={WRAP_ANYWHERE}>
            Sign in with {invitation.email} to accept, or create an account with it if you have none yet.
          </Text>
          {/* Side by side where both labels fit, one above the other on a phone. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button component={Link} to={links.signIn} variant="default">
              Sign in
            </Button>
            <Button component={Link} to={links.signUp}>
              Create an account
            </Button>
          </SimpleGrid>
        </Stack>
      ) : sameAddress(user.email, invitation.email) ? (
        <Button size="md" onClick={accept} loading={pending}>
          Accept the invitation
        </Button>
      ) : (
        <Stack gap="sm">
          <Alert color="yellow" title="Another account is signed in" style={WRAP_ANYWHERE}>
            You are signed in as {user.email}, but this invitation is for {invitation.email}. Sign out, then sign in or create an account with{' '}
            {invitation.email} to accept it.
          </Alert>
          <Button variant="default" onClick={signOutAndReturn} loading={pending}>
            Sign out
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
