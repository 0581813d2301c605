import { Stack, Text, ThemeIcon, Title } from '@mantine/core';

// A friendly "nothing here yet" block with an icon, a line of help and optional actions.
export function EmptyState({ icon, title, description, children }: { icon: React.ReactNode; title: string; description?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon size={64} radius={32} variant="light">
        {icon}
      </ThemeIcon>
      <Title order={3} fz="lg" mt="xs">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" maw={420}>
          {description}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
