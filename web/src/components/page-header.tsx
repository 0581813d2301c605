import { Group, Stack, Text, Title } from '@mantine/core';

// The heading block every signed-in page starts with.
export function PageHeader({ title, subtitle, actions }: { title: React.ReactNode; subtitle?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" mb="xl" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="md">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
