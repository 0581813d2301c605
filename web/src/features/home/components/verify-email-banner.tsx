import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { toast } from '@/components/toasts';
import { homeApi } from '@/features/home/api/home-api';

// Shown while the signed-in user's address is unverified, with a way to get a fresh link.
export function VerifyEmailBanner({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const resend = async () => {
    setSending(true);
    const res = await homeApi.resendVerification();
    setSending(false);
    if (res.result) {
      setSent(true);
      toast.success(res.message || 'We have sent you a new verification link.', 'Link sent');
    } else {
      toast.error(res.message || 'We could not send a new link. Please try again later.');
    }
  };

  return (
    <Alert variant="light" color="yellow" radius="lg" icon={<IconMailExclamation size={22} />} title="Please verify your email address" mb="xl">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          We sent a confirmation link to <strong>{email}</strong>. Click it to secure your account and keep your EyeMails running.
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={resend} loading={sending} disabled={sent}>
          {sent ? 'Link sent' : 'Resend link'}
        </Button>
      </Group>
    </Alert>
  );
}
