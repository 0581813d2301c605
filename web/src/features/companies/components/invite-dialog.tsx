import { useState } from 'react';
import { Alert, Button, Group, List, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  addressErrors,
  INVITABLE_ROLES,
  INVITATION_DAYS,
  INVITE_BATCH_MAX,
  parseAddresses,
  type InvitableRole,
  type InviteResult,
} from '@shared/invitation-types';
import { WORKSPACE_ROLE_LABELS, WORKSPACE_ROLE_SUMMARY } from '@shared/workspace-roles';
import { invitationsApi, invitationsKey } from '../api/invitations';

// One line per address the form cannot send, or the list's own problem; null when it may go.
export interface AddressCheck {
  emails: string[];
  // the list as a whole (none, too many)
  listError: string | null;
  // address -> message
  errors: Record<string, string>;
}

// The addresses as typed (one a line, or separated by commas, semicolons or spaces), checked as
// the server checks them. Pure.
export function checkAddresses(text: string): AddressCheck {
  const emails = parseAddresses(text);
  const found = addressErrors(emails);
  const listError = found[''] ?? null;
  const errors: Record<string, string> = {};
  for (const [i, message] of Object.entries(found)) if (i !== '') errors[emails[Number(i)]] = message;
  return { emails, listError, errors };
}

// The server's field errors (emails.<index>) by address.
function serverAddressErrors(emails: readonly string[], errors: Record<string, string> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const m = /^emails\.(\d+)$/.exec(key);
    if (m && emails[Number(m[1])]) out[emails[Number(m[1])]] = message;
  }
  return out;
}

const ROLE_OPTIONS = INVITABLE_ROLES.map((r) => ({ value: r, label: WORKSPACE_ROLE_LABELS[r] }));

// Invite people (My Companies, a company's members; its owner and admins): addresses, one a line
// or separated by commas, and a role. What is wrong is named address by address; once sent, who
// was invited and who was not (members already, invited already) is shown.
export function InviteDialog({ workspaceId, companyName, opened, onClose }: { workspaceId: string; companyName: string; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [role, setRole] = useState<InvitableRole>('editor');
  const [listError, setListError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; body: InviteResult } | null>(null);
  const [pending, setPending] = useState(false);

  const reset = () => {
    setText('');
    setRole('editor');
    setListError(null);
    setErrors({});
    setFailure(null);
    setResult(null);
  };
  const close = () => {
    if (pending) return;
    onClose();
    reset();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const check = checkAddresses(text);
    setListError(check.listError);
    setErrors(check.errors);
    if (check.listError || Object.keys(check.errors).length) return;
    setPending(true);
    const res = await invitationsApi.invite(workspaceId, check.emails, role);
    setPending(false);
    if (res.result && res.body) {
      await queryClient.invalidateQueries({ queryKey: invitationsKey(workspaceId) });
      setResult({ message: res.message, body: res.body });
      return;
    }
    const byAddress = serverAddressErrors(check.emails, res.errors);
    setErrors(byAddress);
    setListError(res.errors?.emails ?? null);
    if (!Object.keys(byAddress).length && !res.errors?.emails) setFailure(res.message || 'We could not send the invitations. Please try again.');
  };

  const bad = Object.entries(errors);
  return (
    <Modal opened={opened} onClose={close} title={`Invite people to ${companyName}`} size="md" closeOnClickOutside={!pending}>
      {result ? (
        <Stack gap="md">
          <Text role="status" fw={600}>
            {result.message}
          </Text>
          {result.body.invited.length ? (
            <div>
              <Text size="sm">Invited:</Text>
              <List size="sm">
                {result.body.invited.map((i) => (
                  <List.Item key={i.id}>{i.email}</List.Item>
                ))}
              </List>
            </div>
          ) : null}
          {result.body.skipped.length ? (
            <div>
              <Text size="sm">Not invited:</Text>
              <List size="sm">
                {result.body.skipped.map((s) => (
                  <List.Item key={s.email}>
                    {s.email}: {s.message}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
          {result.body.mailFailed.length ? (
            <Alert color="yellow" title="Some mails could not be sent">
              Invited, but the mail could not be sent just now to: {result.body.mailFailed.join(', ')}. Resend them from the pending invitations in a few minutes.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              Invite more
            </Button>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {failure ? (
              <Alert color="red" role="alert" title="Not sent">
                {failure}
              </Alert>
            ) : null}
            <Textarea
              label="Email addresses"
              description={`One a line, or separated by commas; up to ${INVITE_BATCH_MAX} at once.`}
              placeholder={'ann@acme.com\nbob@acme.com'}
              rows={5}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={listError}
              required
            />
            {bad.length ? (
              <Alert color="red" role="alert" title="Check these addresses">
                <List size="sm">
                  {bad.map(([email, message]) => (
                    <List.Item key={email}>
                      {email}: {message}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            <NativeSelect
              label="Role"
              data={ROLE_OPTIONS}
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as InvitableRole)}
              description={WORKSPACE_ROLE_SUMMARY[role]}
            />
            <Text size="xs" c="dimmed">
              Each address gets a mail with a link that works once, for {INVITATION_DAYS} days, for an account with that address. Members and addresses
              invited already are skipped.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                Send invitations
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
