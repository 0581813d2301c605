import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMailOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/document-title';

// An unknown (or someone else's) EyeMail id: a 404 page titled EyeMail.
export function EyeMailNotFound() {
  useDocumentTitle('EyeMail', 'EyeMails');
  return (
    <>
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="xl">
        EyeMail
      </Title>
      <Card>
        <Stack align="center" gap="sm" py={48} ta="center">
          <ThemeIcon size={64} radius={32} variant="light" color="gray">
            <IconMailOff size={32} stroke={1.6} />
          </ThemeIcon>
          <Text fz={64} fw={800} lh={1} c="brand.6" aria-hidden="true">
            404
          </Text>
          <Title order={2} fz="xl">
            Oops! EyeMail not found
          </Title>
          <Text c="dimmed" maw={420}>
            This EyeMail does not exist, was deleted, or belongs to another account.
          </Text>
          <Button component={Link} to="/" mt="sm" leftSection={<IconHome size={18} />}>
            Go to the homepage
          </Button>
        </Stack>
      </Card>
    </>
  );
}
