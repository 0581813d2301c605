import { AppShell, Box, Burger, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingCommunity, IconLayoutDashboard, IconLogout, IconMovie, IconSelector, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { sendSignOutBeacon } from '@/lib/session/session-api';
import { Logo } from '@/components/logo';
import { useSignOut } from '@/app/use-sign-out';
import { UserAvatar } from './user-avatar';
import { SideNavLink } from './side-nav-link';
import classes from './dashboard-layout.module.css';

const ADMIN_NAV = [
  { label: 'Dashboard', to: '/admin-dashboard', icon: IconLayoutDashboard },
  { label: 'Manage Users', to: '/admin-manage-user', icon: IconUsers },
  { label: 'Companies', to: '/admin-companies', icon: IconBuildingCommunity },
  { label: 'Media', to: '/admin-video', icon: IconMovie },
];

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { signOut, pending } = useSignOut();
  return (
    <Stack justify="space-between" h="100%">
      <Stack gap={4} component="nav" aria-label="Admin">
        {ADMIN_NAV.map((item) => (
          <SideNavLink key={item.to} item={item} active={pathname === item.to} onNavigate={onNavigate} />
        ))}
      </Stack>
      <Menu position="top-start" width={220} shadow="lg">
        <Menu.Target>
          <UnstyledButton className={classes.userButton} aria-label="Admin User, Administrator menu" style={{ borderRadius: 12, padding: 8 }}>
            <Group gap="sm" wrap="nowrap">
              <UserAvatar name="Admin User" decorative />
              <Box style={{ flex: 1 }}>
                <Text size="sm" fw={600}>
                  Admin User
                </Text>
                {/* A space between the two lines, so their text reads as two words, not one. */}{' '}
                <Text size="xs" c="dimmed">
                  Administrator
                </Text>
              </Box>
              <IconSelector size={16} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item color="red.9" leftSection={<IconLogout size={16} />} onClick={() => void signOut()} disabled={pending}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}

// The admin area's shell: its own sidebar and user menu. The admin session ends with the page
// (spec 02, admin shell): a sign-out beacon goes out when the page is closed or left.
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    window.addEventListener('pagehide', sendSignOutBeacon);
    return () => window.removeEventListener('pagehide', sendSignOutBeacon);
  }, []);

  return (
    <AppShell
      layout="alt"
      header={{ height: { base: 60, sm: 0 } }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={0}
      classNames={{ main: classes.main, navbar: classes.navbar, header: classes.header }}
    >
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md" gap="sm">
          <Burger opened={opened} onClick={toggle} size="sm" aria-label={opened ? 'Close menu' : 'Open menu'} />
          <Link to="/admin-dashboard" className={classes.logoLink} aria-label="EyeMail admin dashboard">
            <Logo size={26} />
          </Link>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <AppShell.Section mb="xl" mt={4} px="xs">
          <Link to="/admin-dashboard" className={classes.logoLink} aria-label="EyeMail admin dashboard">
            <Logo size={30} />
          </Link>
        </AppShell.Section>
        <AppShell.Section grow>
          <AdminNav />
        </AppShell.Section>
      </AppShell.Navbar>
      <Drawer opened={opened} onClose={close} size={280} hiddenFrom="sm" title={<Logo size={26} />} classNames={{ body: classes.drawerBody }}>
        <AdminNav onNavigate={close} />
      </Drawer>
      <AppShell.Main>
        <Box px={{ base: 'md', sm: 'xl' }} py={{ base: 'lg', sm: 40 }} maw={1200} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
