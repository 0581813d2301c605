import { AppShell, Box, Burger, Button, Divider, Drawer, Group, Menu, NavLink, ScrollArea, Stack, Text, UnstyledButton, ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconPlugConnected, IconPlus, IconSettings, IconUser } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useAtomValue } from 'jotai';
import { shortName } from '@shared/account-rules';
import { userAtom } from '@/lib/session/user-atom';
import { Logo } from '@/components/logo';
import { useSignOut } from '@/app/use-sign-out';
import { useScrollToTopOnNewPage } from '@/app/scroll-to-top';
import { CREATE_PATH, INTEGRATIONS_PATH, NAV_ITEMS, PROFILE_PATH, SETTINGS_PATH, isActivePath } from './nav-items';
import { UserAvatar } from './user-avatar';
import { SideNavLink } from './side-nav-link';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { WorkspaceSwitcher } from '@/features/companies/components/workspace-switcher';
import { useCurrentWorkspace } from '@/lib/workspace/use-workspaces';
import { useWorkspaceWatch } from '@/lib/workspace/use-switch-workspace';
import classes from './dashboard-layout.module.css';

function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const user = useAtomValue(userAtom);
  const { signOut, pending } = useSignOut();
  const workspace = useCurrentWorkspace();
  const name = user?.fullName ?? '';
  return (
    <Stack justify="space-between" h="100%" gap="md">
      <Stack gap={4}>
        {/* The workspace the pages below show (its name heads the menu, in place of a label). */}
        <Box mb="sm">
          <WorkspaceSwitcher onNavigate={onNavigate} />
        </Box>
        {workspace.canEdit ? (
          <Button component={Link} to={CREATE_PATH} onClick={onNavigate} leftSection={<IconPlus size={18} />} size="md" mb="sm" fullWidth>
            New EyeMail
          </Button>
        ) : null}
        {NAV_ITEMS.map((item) => (
          <SideNavLink key={item.to} item={item} active={isActivePath(item.to, pathname)} onNavigate={onNavigate} />
        ))}
      </Stack>
      <Stack gap={4}>
        <Divider mb="xs" />
        <Group gap="sm" px="sm" py={6} wrap="nowrap">
          <UserAvatar name={name} src={user?.profilePictureUrl} />
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {shortName(name)}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user?.email}
            </Text>
          </Box>
        </Group>
        <SideNavLink item={{ to: PROFILE_PATH, label: 'Your Profile', icon: IconUser }} active={isActivePath(PROFILE_PATH, pathname)} onNavigate={onNavigate} />
        <SideNavLink item={{ to: SETTINGS_PATH, label: 'Settings', icon: IconSettings }} active={isActivePath(SETTINGS_PATH, pathname)} onNavigate={onNavigate} />
        {workspace.canUseIntegrations ? (
          <SideNavLink item={{ to: INTEGRATIONS_PATH, label: 'Integrations', icon: IconPlugConnected }} active={isActivePath(INTEGRATIONS_PATH, pathname)} onNavigate={onNavigate} />
        ) : null}
        <NavLink
          component="button"
          label="Sign out"
          leftSection={<IconLogout size={20} stroke={1.7} />}
          onClick={() => void signOut()}
          disabled={pending}
          className={classes.navLink}
        />
      </Stack>
    </Stack>
  );
}

function UserMenu() {
  const user = useAtomValue(userAtom);
  const { signOut, pending } = useSignOut();
  const { canUseIntegrations } = useCurrentWorkspace();
  const name = user?.fullName ?? '';
  return (
    <Menu position="bottom-end" width={240} shadow="lg" withinPortal>
      <Menu.Target>
        {/* Named as it reads (the short name), then what it opens; the avatar beside the name is decoration. */}
        <UnstyledButton className={classes.userButton} aria-label={`${shortName(name)} Account menu`}>
          <Group gap={8} wrap="nowrap">
            <UserAvatar name={name} src={user?.profilePictureUrl} size={34} decorative />
            <Text size="sm" fw={600} visibleFrom="sm">
              {shortName(name)}
            </Text>
            <IconChevronDown size={16} stroke={1.8} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={8}>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user?.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to={PROFILE_PATH} leftSection={<IconUser size={16} />}>
          Your Profile
        </Menu.Item>
        <Menu.Item component={Link} to={SETTINGS_PATH} leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        {canUseIntegrations ? (
          <Menu.Item component={Link} to={INTEGRATIONS_PATH} leftSection={<IconPlugConnected size={16} />}>
            Integrations
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red.9" leftSection={<IconLogout size={16} />} onClick={() => void signOut()} disabled={pending}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function TopNav() {
  const { pathname } = useLocation();
  return (
    <Group gap={4} component="nav" aria-label="Main" visibleFrom="lg">
      {NAV_ITEMS.filter((i) => !i.sideOnly).map((item) => {
        const active = isActivePath(item.to, pathname);
        return (
          <Link key={item.to} to={item.to} className={classes.topLink} data-active={active || undefined} aria-current={active ? 'page' : undefined}>
            {item.label}
          </Link>
        );
      })}
    </Group>
  );
}

// The first stop for keyboard users: straight to the page, past the header and the navigation.
function SkipLink() {
  return (
    <a
      href="#main"
      className={classes.skipLink}
      onClick={(e) => {
        e.preventDefault();
        const main = document.getElementById('main');
        main?.focus({ preventScroll: true });
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to content
    </a>
  );
}

// The signed-in shell: side navigation (a slide-in drawer on small screens), a top bar with the
// main links, New EyeMail and the profile menu.
export function DashboardLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(() => close(), [pathname, close]);
  useScrollToTopOnNewPage();
  useWorkspaceWatch();
  const { canEdit } = useCurrentWorkspace();

  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: true } }}
      padding={0}
      classNames={{ main: classes.main, navbar: classes.navbar, header: classes.header }}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'md', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={opened ? 'Close menu' : 'Open menu'} />
            <Box hiddenFrom="md">
              <Link to="/" className={classes.logoLink} aria-label="EyeMail home">
                <Logo size={28} />
              </Link>
            </Box>
            <TopNav />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {canEdit ? (
              <>
                <Button component={Link} to={CREATE_PATH} leftSection={<IconPlus size={18} />} visibleFrom="sm" variant="light">
                  New EyeMail
                </Button>
                <Tooltip label="New EyeMail">
                  <ActionIcon component={Link} to={CREATE_PATH} hiddenFrom="sm" size="lg" variant="light" aria-label="New EyeMail">
                    <IconPlus size={18} />
                  </ActionIcon>
                </Tooltip>
              </>
            ) : null}
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label="Side navigation">
        <AppShell.Section mb="lg" mt={4} px="xs">
          <Link to="/" className={classes.logoLink} aria-label="EyeMail home">
            <Logo size={30} />
          </Link>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} type="never">
          <SideNav />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={opened}
        onClose={close}
        size={296}
        padding="md"
        hiddenFrom="md"
        title={
          <>
            <Logo size={28} />
            <VisuallyHidden>Menu</VisuallyHidden>
          </>
        }
        classNames={{ body: classes.drawerBody }}
      >
        <SideNav onNavigate={close} />
      </Drawer>

      <AppShell.Main id="main" tabIndex={-1} className={classes.mainTarget}>
        <Box px={{ base: 'md', sm: 'xl' }} py={{ base: 'lg', sm: 32 }} maw={1200} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
