import { Anchor, Box, Button, Container, Group, Paper, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useAtomValue } from 'jotai';
import { userAtom } from '@/lib/session/user-atom';
import { Logo } from '@/components/logo';
import classes from './public-layout.module.css';

// Legal pages: readable to everyone, signed in or not.
export function PublicLayout() {
  const user = useAtomValue(userAtom);
  const home = user?.role === 'admin' ? '/admin-dashboard' : '/';
  return (
    <Box className={classes.root}>
      <header className={classes.header}>
        <Container size="md" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link to={user ? home : '/signin'} className={classes.logoLink} aria-label="EyeMail">
              <Logo size={28} />
            </Link>
            {user ? (
              <Button component={Link} to={home} variant="light">
                Go to dashboard
              </Button>
            ) : (
              <Group gap="xs" wrap="nowrap">
                <Button component={Link} to="/signin" variant="subtle">
                  Sign in
                </Button>
                <Button component={Link} to="/signup" visibleFrom="xs">
                  Sign up
                </Button>
              </Group>
            )}
          </Group>
        </Container>
      </header>
      <Container size="md" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
        <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 48 }}>
          <Outlet />
        </Paper>
        <Group justify="center" gap="lg" mt="xl">
          <Anchor component={Link} to="/terms-of-service" size="sm" c="dimmed">
            Terms of Service
          </Anchor>
          <Anchor component={Link} to="/privacy-policy" size="sm" c="dimmed">
            Privacy Policy
          </Anchor>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} EyeMail
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
