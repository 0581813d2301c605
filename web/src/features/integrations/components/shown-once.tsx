import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';

// A secret shown this once (a new API token or signing secret), with a copy button.
export function ShownOnce({ title, value, hint, onDone }: { title: string; value: string; hint: string; onDone: () => void }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconKey size={18} />} title={title} role="status">
      <Stack gap="xs">
        <Text size="sm">{hint}</Text>
        <Code block data-testid="shown-once" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Group gap="xs">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
