// What the account pages' forms have in common: the password field, the submit button, the link
// to the other form below it, and the note on the terms the user agrees to.
import { Anchor, Button, PasswordInput, Text, type PasswordInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

// A required password field with the lock icon.
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput leftSection={<IconLock size={18} />} required {...props} />;
}

// The form's full-width submit button, busy while the form is sent.
export function SubmitButton({ loading, children }: { loading: boolean; children: React.ReactNode }) {
  return (
    <Button type="submit" size="md" fullWidth loading={loading} mt="xs">
      {children}
    </Button>
  );
}

// 'Already have an account? Sign in' under a form.
export function OtherFormLink({ question, label, to }: { question: string; label: string; to: string }) {
  return (
    <Text ta="center" mt="xl" size="sm" c="dimmed">
      {question}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
    </Text>
  );
}

// 'By <doing> you agree to our Terms of Service and Privacy Policy.'
export function TermsNote({ doing }: { doing: string }) {
  return (
    <Text ta="center" mt="md" size="xs" c="dimmed">
      By {doing} you agree to our{' '}
      <Anchor component={Link} to="/terms-of-service" inherit>
        Terms of Service
      </Anchor>{' '}
      and{' '}
      <Anchor component={Link} to="/privacy-policy" inherit>
        Privacy Policy
      </Anchor>
      .
    </Text>
  );
}
