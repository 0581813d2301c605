import { ActionIcon, Avatar, Badge, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { IconCrown, IconDots, IconUserMinus } from '@tabler/icons-react';
import { WORKSPACE_ROLE_LABELS, type MemberView } from '@/lib/workspace/workspace-rules';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../api/companies-api';
import classes from './company-members-page.module.css';

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((r) => ({ value: r, label: WORKSPACE_ROLE_LABELS[r] }));

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

export const TRANSFER_HINT = 'The ownership goes to an admin: make them an admin first.';

// One member: who they are and their role. An owner or admin may change the role of anyone but
// the owner and themselves, and remove them. The owner (transfer) also has a menu with Make owner,
// which only an admin may become: for anyone else it is there, disabled, saying so.
export function MemberRow({
  member,
  manage,
  busy,
  onRole,
  onRemove,
  onTransfer,
}: {
  member: MemberView;
  manage: boolean;
  busy: boolean;
  onRole: (role: AssignableRole) => void;
  onRemove: () => void;
  // given to the owner only
  onTransfer?: () => void;
}) {
  const editable = manage && member.role !== 'owner' && !member.you;
  const canBecomeOwner = member.role === 'admin';
  return (
    <Group className={classes.row} justify="space-between" wrap="wrap" gap="sm" component="li" aria-label={member.fullName}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Avatar radius="xl" color="brand" aria-hidden>
          {initials(member.fullName)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" truncate>
              {member.fullName}
            </Text>
            {member.you ? (
              <Badge size="xs" variant="light" color="gray">
                You
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {member.email}
          </Text>
        </Stack>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {editable ? (
          <>
            <Select
              size="xs"
              w={120}
              data={ROLE_OPTIONS}
              value={member.role}
              allowDeselect={false}
              disabled={busy}
              aria-label={`Role of ${member.fullName}`}
              onChange={(v) => v && v !== member.role && onRole(v as AssignableRole)}
            />
            <Button size="xs" variant="subtle" color="red" leftSection={<IconUserMinus size={14} />} onClick={onRemove} disabled={busy} aria-label={`Remove ${member.fullName}`}>
              Remove
            </Button>
            {onTransfer ? (
              <Menu position="bottom-end" withinPortal shadow="md" width={260}>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" disabled={busy} aria-label={`More for ${member.fullName}`}>
                    <IconDots size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {canBecomeOwner ? (
                    <Menu.Item leftSection={<IconCrown size={14} aria-hidden />} onClick={onTransfer}>
                      Make owner
                    </Menu.Item>
                  ) : (
                    // Not Mantine's disabled item: that one is skipped by the arrow keys and faded
                    // past reading, and the point here is to read why.
                    <Menu.Item leftSection={<IconCrown size={14} aria-hidden />} aria-disabled="true" closeMenuOnClick={false} style={{ cursor: 'not-allowed' }}>
                      <Text size="sm" c="dimmed" inherit>
                        Make owner
                      </Text>
                      <Text size="xs" c="dimmed">
                        {TRANSFER_HINT}
                      </Text>
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </>
        ) : (
          <Badge variant="light" color={member.role === 'owner' ? 'brand' : 'gray'}>
            {WORKSPACE_ROLE_LABELS[member.role]}
          </Badge>
        )}
      </Group>
    </Group>
  );
}
