import type { ReactNode } from 'react';
import { Card, Group, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

// A section of the settings and integrations pages: a card headed by an icon and a level-2 title
// (which names the section for assistive technology), a line on what it is for, then its content.
// `id`: the title's id is `<id>-title`; `anchor`: an id for the card itself, to link to it.
export function SectionCard({
  id,
  anchor,
  icon: SectionIcon,
  title,
  intro,
  introGap = 'lg',
  children,
}: {
  id: string;
  anchor?: string;
  icon: Icon;
  title: string;
  intro: ReactNode;
  introGap?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} id={anchor}>
      <Group gap="sm" mb={4}>
        <SectionIcon size={22} color="var(--mantine-color-brand-6)" />
        <Title order={2} fz={18} id={`${id}-title`}>
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb={introGap}>
        {intro}
      </Text>
      {children}
    </Card>
  );
}
