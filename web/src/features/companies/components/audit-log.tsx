import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { AUDIT_ACTIONS, type AuditEntry } from '@shared/workspace-audit';
import { formatDateTime } from '@/lib/date-format';
import { useAuditLog } from '../api/audit';
import classes from './company-members-page.module.css';

// One entry as one line: "<actor> <what they did> <to whom or what> (<detail>)". An action this
// dashboard does not know yet (a newer server) is shown as the server names it.
function Entry({ entry }: { entry: AuditEntry }) {
  const words = (AUDIT_ACTIONS as Record<string, string>)[entry.action] ?? entry.action;
  return (
    <Group component="li" className={classes.row} justify="space-between" align="baseline" wrap="wrap" gap={4} style={{ columnGap: 16 }}>
      {/* The actor and subject stressed; an address too long for a phone breaks anywhere rather
          than widen the page. */}
      <Text size="sm" style={{ flex: '1 1 260px', minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text span fw={600} inherit>
          {entry.actorName}
        </Text>{' '}
        {words}
        {entry.subject ? (
          <>
            {' '}
            <Text span fw={500} inherit>
              {entry.subject}
            </Text>
          </>
        ) : null}
        {entry.detail ? (
          <>
            {' '}
            <Text span c="dimmed" inherit>
              ({entry.detail})
            </Text>
          </>
        ) : null}
      </Text>
      <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(entry.createdAt)}
      </Text>
    </Group>
  );
}

// A company's activity for its owner and admins (render it only for them, canManageMembers; the
// server refuses anyone else): who invited, changed a role, removed, transferred, made a token or
// a webhook, newest first, 50 at a time with Show older. Drawn to sit in a card without padding,
// under its heading (the members page).
export function AuditLog({ workspaceId }: { workspaceId: string }) {
  const log = useAuditLog(workspaceId);

  if (log.isPending) {
    return (
      <Stack px="md" pb="md" gap="sm" aria-busy="true" aria-label="Loading activity">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={20} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (log.isError && !log.data) {
    return (
      <Alert color="red" variant="light" mx="md" mb="md" title="We could not load the activity">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{log.error.message || 'Something went wrong. Please try again.'}</Text>
          <Button size="xs" variant="default" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const entries = log.data.pages.flat();
  if (!entries.length) {
    return (
      <Text c="dimmed" size="sm" px="md" pb="md">
        Nothing yet: invitations, role changes and integrations show here.
      </Text>
    );
  }
  return (
    <>
      <ul className={classes.list} aria-label="Activity">
        {entries.map((e) => (
          <Entry key={e.id} entry={e} />
        ))}
      </ul>
      {log.hasNextPage || log.isFetchNextPageError ? (
        <Stack px="md" py="sm" gap={6} align="flex-start" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          {log.isFetchNextPageError ? (
            <Text c="red" size="sm" role="alert">
              {log.error?.message || 'We could not load the older activity.'}
            </Text>
          ) : null}
          <Button size="xs" variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Show older
          </Button>
        </Stack>
      ) : null}
    </>
  );
}
