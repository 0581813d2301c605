import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { WORKSPACE_ROLE_LABELS } from '@shared/workspace-roles';
import { useAdminCompanyMembers } from '@/features/admin/api/get-admin-companies';
import { EmailText } from './admin-table';
import classes from './admin-companies-page.module.css';

const ROLE_COLOR = { owner: 'brand', admin: 'grape', editor: 'teal', viewer: 'gray' } as const;

// A company's members, the owner first: name, address and role. Loaded when the company's row
// is opened.
export function AdminCompanyMembers({ companyId, companyName, id }: { companyId: string; companyName: string; id: string }) {
  const members = useAdminCompanyMembers(companyId);
  const list = members.data?.members ?? [];
  return (
    <Stack gap={0} id={id} className={classes.members} aria-label={`Members of ${companyName}`} role="region" aria-busy={members.isLoading}>
      {members.isLoading ? (
        <Stack gap={8} p="sm">
          <Skeleton h={14} w="60%" radius="sm" />
          <Skeleton h={14} w="45%" radius="sm" />
        </Stack>
      ) : members.isError ? (
        <Text size="sm" c="red.8" p="sm" role="alert">
          {members.error.message}
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          No members.
        </Text>
      ) : (
        <ul className={classes.memberList}>
          {list.map((m) => (
            <li key={m.email} className={classes.member}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600}>
                    {m.name || m.email}
                  </Text>
                  <EmailText email={m.email} />
                </Stack>
                <Badge variant="light" color={ROLE_COLOR[m.role]} className={classes.role}>
                  {WORKSPACE_ROLE_LABELS[m.role]}
                </Badge>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
