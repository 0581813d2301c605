import { useState } from 'react';
import { Group, Menu, Skeleton, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBuilding, IconCheck, IconPlus, IconSelector, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentWorkspace, useWorkspaces } from '@/lib/workspace/use-workspaces';
import { useSwitchWorkspace } from '@/lib/workspace/use-switch-workspace';
import { WORKSPACE_ROLE_LABELS, type WorkspaceView } from '@/lib/workspace/workspace-rules';
import { NewCompanyModal } from './new-company-modal';
import classes from './workspace-switcher.module.css';

function WorkspaceIcon({ kind, size = 30 }: { kind: WorkspaceView['kind']; size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={kind === 'personal' ? 'gray' : 'brand'} aria-hidden>
      {kind === 'personal' ? <IconUser size={size * 0.55} /> : <IconBuilding size={size * 0.55} />}
    </ThemeIcon>
  );
}

// The side menu's (and the phone menu's) workspace switcher: the workspace shown and the user's
// role in it; the menu lists every workspace (Personal first, then the companies) and leads to
// New company and My Companies. A Mantine Menu: arrow keys move, Enter chooses, Escape closes.
export function WorkspaceSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const current = useCurrentWorkspace();
  const { data: workspaces, isError } = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);
  const roleLabel = current.role ? WORKSPACE_ROLE_LABELS[current.role] : '';
  const kind = current.isPersonal ? 'personal' : 'company';

  return (
    <>
      <Menu position="bottom-start" width="target" shadow="lg" withinPortal>
        <Menu.Target>
          {/* Named by what it shows (the workspace and the role), then what it opens. */}
          <UnstyledButton className={classes.target}>
            <Group gap="sm" wrap="nowrap">
              <WorkspaceIcon kind={kind} size={34} />
              <div className={classes.text}>
                {current.name ? (
                  <Text size="sm" fw={600} truncate>
                    {current.name}
                  </Text>
                ) : (
                  <Skeleton height={12} width="70%" my={4} />
                )}
                <Text size="xs" c="dimmed" truncate>
                  {roleLabel || '\u00a0'}
                </Text>
              </div>
              <VisuallyHidden>Switch workspace</VisuallyHidden>
              <IconSelector size={16} stroke={1.8} className={classes.chevron} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Workspaces</Menu.Label>
          {isError ? (
            <Text size="xs" c="dimmed" px="sm" py={6}>
              We could not load your workspaces.
            </Text>
          ) : null}
          {(workspaces ?? []).map((w) => {
            const here = w.id === current.id;
            return (
              <Menu.Item
                key={w.id}
                leftSection={<WorkspaceIcon kind={w.kind} size={26} />}
                rightSection={here ? <IconCheck size={16} aria-hidden /> : null}
                onClick={() => {
                  onNavigate?.();
                  if (!here) switchTo(w.id);
                }}
              >
                <Text size="sm" fw={here ? 600 : 500} truncate>
                  {w.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {WORKSPACE_ROLE_LABELS[w.role]}
                  {here ? <VisuallyHidden>, current workspace</VisuallyHidden> : null}
                </Text>
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New company…
          </Menu.Item>
          <Menu.Item component={Link} to="/companies" leftSection={<IconSettings size={16} />} onClick={onNavigate}>
            Manage companies
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <NewCompanyModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
