import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHome } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { userAtom } from '@/lib/session/user-atom';
import { Logo } from '@/components/logo';
import classes from './not-found-page.module.css';

// The fallback for any path the dashboard does not know.
export function NotFoundPage() {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const home = !user ? '/signin' : user.role === 'admin' ? '/admin-dashboard' : '/';
  return (
    <Center mih="100vh" p="md" className={classes.root}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <Link to={home} aria-label="EyeMail" className={classes.logo}>
          <Logo size={32} />
        </Link>
        <Text className={classes.code} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Page not found
        </Title>
        <Text c="dimmed" size="lg">
          The page you are looking for doesn't exist or has moved. Check the address, or head back to familiar ground.
        </Text>
        <Group mt="md" justify="center">
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => navigate(-1)}>
            Go back
          </Button>
          <Button component={Link} to={home} leftSection={<IconHome size={18} />}>
            {user ? 'Back to dashboard' : 'Go to sign in'}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
