import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from '@/components/logo';

// A page's code failed to load (most often: a new version was deployed and the old chunk is
// gone) or a page threw while rendering. Reloading fetches the current version.
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Logo size={32} />
        <Title order={1} size="h2">
          This page could not be shown
        </Title>
        <Text c="dimmed">
          Something went wrong while opening it{detail ? ` (${detail})` : ''}. Reloading usually fixes this.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
