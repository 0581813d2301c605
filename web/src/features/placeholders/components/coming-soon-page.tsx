import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';

// A page whose feature is on its way: the right title inside the shell and a clear way back.
export function ComingSoonPage({ title, subtitle, description }: { title: string; subtitle?: string; description?: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Card>
        <Stack align="center" ta="center" gap="sm" py={40}>
          <ThemeIcon size={72} radius={36} variant="light">
            <IconRocket size={34} />
          </ThemeIcon>
          <Badge variant="light" mt="xs">
            Coming soon
          </Badge>
          <Title order={2} fz={22}>
            We're putting the finishing touches on this page
          </Title>
          <Text c="dimmed" maw={460}>
            {description ?? 'This part of EyeMail is almost ready. In the meantime, everything else in your dashboard is good to go.'}
          </Text>
          <Group mt="md">
            <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={18} />}>
              Back to Home
            </Button>
            <Button component={Link} to="/support" variant="light">
              Contact support
            </Button>
          </Group>
        </Stack>
      </Card>
    </>
  );
}
