import type { ReactNode } from 'react';
import { Button, Group, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

// The parts the admin lists share: their heading with how many there are, and the search bar
// (Enter or Search searches, Clear empties it), with room after it for a list's own controls.
export function AdminListHeading({ title, summary }: { title: string; summary: string }) {
  return (
    <Group justify="space-between" align="center">
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text size="sm" c="dimmed" aria-live="polite">
        {summary}
      </Text>
    </Group>
  );
}

export function AdminSearchBar({
  label,
  placeholder,
  value,
  onChange,
  onSearch,
  onClear,
  type,
  children,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  onClear: () => void;
  type?: 'email';
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        placeholder={placeholder}
        aria-label={label}
        type={type}
        leftSection={<IconSearch size={16} />}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch();
        }}
        style={{ flex: '1 1 220px' }}
      />
      <Button onClick={onSearch}>Search</Button>
      <Button variant="default" onClick={onClear} leftSection={<IconX size={16} />}>
        Clear
      </Button>
      {children}
    </Group>
  );
}
