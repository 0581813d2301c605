import { useState } from 'react';
import { Button, Card, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconCopy, IconLink, IconRefresh } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toasts';
import { api } from '@/lib/api-client';
import { getOrThrow } from '@/lib/query-client';

interface FeedLink {
  snippetId: string;
  createdAt: string;
  urls: { json: string; xml: string; csv: string };
}

const ROWS: { key: keyof FeedLink['urls']; label: string; hint: string }[] = [
  { key: 'csv', label: 'CSV', hint: 'Google Sheets =IMPORTDATA("…"), Excel Data › From Web' },
  { key: 'json', label: 'JSON', hint: 'Power Query, scripts, automations' },
  { key: 'xml', label: 'XML', hint: 'Google Sheets =IMPORTXML("…", "//record")' },
];

// An EyeMail's feed link (GET/POST feed-links/{id}): absolute addresses with a secret key, for
// tools that cannot sign in or send a header. "Reset link" makes a new key; the old link stops.
export function FeedLinkCard({ snippetId }: { snippetId: string }) {
  const key = ['feed-link', snippetId];
  const client = useQueryClient();
  const link = useQuery({ queryKey: key, queryFn: ({ signal }) => getOrThrow<FeedLink | null>(`feed-links/${encodeURIComponent(snippetId)}`, undefined, signal) });
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);

  const make = async () => {
    setSaving(true);
    const res = await api.post<FeedLink>(`feed-links/${encodeURIComponent(snippetId)}`);
    setSaving(false);
    setConfirming(false);
    if (res.result) {
      client.setQueryData(key, res.body);
      toast.success(res.message, 'Feed link');
    } else toast.error(res.message, 'Feed link not made');
  };

  return (
    <Card component="section" aria-labelledby="feed-link-title" mb="md" padding="md">
      <Group gap="sm" mb={4}>
        <IconLink size={20} color="var(--mantine-color-brand-6)" />
        <Title order={2} fz={16} id="feed-link-title">
          Feed link for BI tools
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Anyone with this link can read this report, without signing in. Keep it private; reset it if it leaks.
      </Text>
      {link.isPending ? (
        <Skeleton h={60} />
      ) : link.isError ? (
        <Text c="red" size="sm">
          {link.error.message}
        </Text>
      ) : !link.data ? (
        <Button onClick={() => void make()} loading={saving} leftSection={<IconLink size={16} />}>
          Create feed link
        </Button>
      ) : (
        <Stack gap="xs">
          {ROWS.map((r) => (
            <Group key={r.key} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput label={`${r.label} link`} description={r.hint} value={link.data!.urls[r.key]} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={link.data!.urls[r.key]}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} aria-label={`Copy the ${r.label} link`} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          ))}
          <Group justify="flex-end">
            <Button variant="default" color="red" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)}>
              Reset link
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        message="Make a new link? The current one stops working at once, in every tool that uses it."
        confirmLabel="Reset link"
        loading={saving}
        onConfirm={() => void make()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
