import { Stack, Text, Title } from '@mantine/core';

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: React.ReactNode }) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} fz={{ base: 26, sm: 30 }} style={{ letterSpacing: '-0.01em' }}>
        {title}
      </Title>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
  );
}
