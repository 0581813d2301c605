import { useEffect } from 'react';
import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAtom } from 'jotai';
import { userAtom } from '@/lib/session/user-atom';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { useCountdown } from '@/features/auth/utils/use-countdown';

const COUNTDOWN_FROM = 4;
const INVALID_LINK = 'This verification link is invalid or has expired.';
const VERIFIED = 'Your email address has been verified.';

const ALREADY_VERIFIED = 'This address is already verified.';

// already: the link was used before and the address is verified (a second click, another device).
type State = { phase: 'loading' } | { phase: 'done'; ok: boolean; already: boolean; message: string };

export function EmailVerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [user, setUser] = useAtom(userAtom);
  const { data: res } = useVerifyEmail(token);
  const already = !!res?.result && !!res.body?.alreadyVerified;
  const state: State = !token
    ? { phase: 'done', ok: false, already: false, message: INVALID_LINK }
    : !res
      ? { phase: 'loading' }
      : res.result
        ? { phase: 'done', ok: true, already, message: res.message || (already ? ALREADY_VERIFIED : VERIFIED) }
        : { phase: 'done', ok: false, already: false, message: res.message || INVALID_LINK };

  // A signed-in user sees the banner disappear straight away.
  const verified = !!res?.result;
  useEffect(() => {
    if (verified) setUser((u) => (u && !u.emailVerified ? { ...u, emailVerified: true } : u));
  }, [verified, setUser]);

  const goToPlatform = () => navigate('/signin', { replace: true });
  const left = useCountdown(COUNTDOWN_FROM, state.phase === 'done', goToPlatform);

  if (state.phase === 'loading') {
    return (
      <Stack align="center" ta="center" gap="md" role="status">
        <Loader size="lg" />
        <Title order={1} fz={28}>
          Please Wait!
        </Title>
        <Text c="dimmed">We're confirming your email address…</Text>
      </Stack>
    );
  }

  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={72} radius={36} variant="light" color={state.ok ? 'teal' : 'red'}>
        {state.ok ? <IconCircleCheck size={40} /> : <IconCircleX size={40} />}
      </ThemeIcon>
      <Title order={1} fz={30}>
        {state.already ? 'Already verified' : state.ok ? 'Congratulations!' : 'Sorry!'}
      </Title>
      <Text c="dimmed" size="lg" role="status">
        {state.message}
      </Text>
      {/* Already verified and signed out (another device): what is left to do is sign in. */}
      {state.already && !user ? (
        <Button size="md" component={Link} to="/signin" replace mt="sm">
          Sign in
        </Button>
      ) : (
        <Button size="md" onClick={goToPlatform} mt="sm">
          Go to platform
        </Button>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        Taking you to the platform in <strong data-testid="countdown">{left}</strong>…
      </Text>
    </Stack>
  );
}
