import { useMemo, useState } from 'react';
import { Badge, Button, Card, Group, Menu, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconDots, IconPlus, IconWebhook } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toasts';
import { integrationsApi, useEyeMailChoices, useWebhooks, WEBHOOKS_KEY, type WebhookEndpoint } from '../api/integrations-api';
import { scopeText } from '../utils/integration-text';
import { DeliveryLogModal } from './delivery-log-modal';
import { ShownOnce } from './shown-once';
import { WebhookFormModal } from './webhook-form-modal';

type Editing = { endpoint: WebhookEndpoint | null } | null;

// Webhook endpoints: add, edit, turn off and on, send a test event, rotate the secret, read the
// delivery log, delete.
export function WebhooksCard() {
  const endpoints = useWebhooks();
  const eyemails = useEyeMailChoices();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [busy, setBusy] = useState(false);
  const titles = useMemo(() => new Map((eyemails.data ?? []).map((s) => [s.snippet, s.title])), [eyemails.data]);
  const refresh = () => client.invalidateQueries({ queryKey: WEBHOOKS_KEY });

  const toggle = async (e: WebhookEndpoint, enabled: boolean) => {
    const res = await integrationsApi.updateEndpoint(e.id, { enabled });
    if (!res.result) toast.error(res.message, 'Endpoint not changed');
    await refresh();
  };
  const test = async (e: WebhookEndpoint) => {
    const res = await integrationsApi.sendTest(e.id);
    if (res.result) toast.success('Sent to the queue. The delivery log shows how it went.', 'Test event');
    else toast.error(res.message, 'Test event not sent');
  };
  const rotate = async (e: WebhookEndpoint) => {
    const res = await integrationsApi.rotateSecret(e.id);
    if (res.result && res.body) setSecret({ title: 'New signing secret', value: res.body.secret });
    else toast.error(res.message, 'Secret not changed');
    await refresh();
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const res = await integrationsApi.deleteEndpoint(deleting.id);
    setBusy(false);
    setDeleting(null);
    if (!res.result) toast.error(res.message, 'Endpoint not deleted');
    await refresh();
  };

  return (
    <Card component="section" aria-labelledby="webhooks-title">
      <Group justify="space-between" mb={4} wrap="wrap" gap="xs">
        <Group gap="sm">
          <IconWebhook size={22} color="var(--mantine-color-brand-6)" />
          <Title order={2} fz={18} id="webhooks-title">
            Webhooks
          </Title>
        </Group>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ endpoint: null })}>
          Add endpoint
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        EyeMail posts each open, click and play (played, watched 25 to 100 %, sound on) to your endpoints, signed per the Standard Webhooks specification, and retries for about a day.
      </Text>
      <Stack gap="sm">
        {secret && (
          <ShownOnce title={secret.title} value={secret.value} hint="Give it to your receiver to check the webhook-signature header. It is not shown again." onDone={() => setSecret(null)} />
        )}
        {endpoints.isPending ? (
          <Skeleton h={80} />
        ) : endpoints.isError ? (
          <Text c="red" size="sm">
            {endpoints.error.message}
          </Text>
        ) : endpoints.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No endpoints yet.
          </Text>
        ) : (
          endpoints.data.map((e) => (
            <Paper key={e.id} withBorder p="sm" radius="md" data-testid="webhook-endpoint">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                    {e.url}
                  </Text>
                  {e.description && (
                    <Text size="xs" c="dimmed">
                      {e.description}
                    </Text>
                  )}
                  <Group gap={6} wrap="wrap">
                    {e.events.map((ev) => (
                      <Badge key={ev} size="xs" variant="light">
                        {ev}
                      </Badge>
                    ))}
                    <Text size="xs" c="dimmed">
                      {scopeText(e.snippetIds, titles)}
                    </Text>
                  </Group>
                  {!e.enabled && (
                    <Text size="xs" c="red.8">
                      Off. {e.disabledReason}
                    </Text>
                  )}
                  {e.enabled && e.failingSince && (
                    <Text size="xs" c="orange.8">
                      Failing since {new Date(e.failingSince).toLocaleString()}.
                    </Text>
                  )}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Switch checked={e.enabled} onChange={(ev) => void toggle(e, ev.currentTarget.checked)} aria-label={`Send to ${e.url}`} />
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button variant="subtle" size="compact-sm" aria-label={`Actions for ${e.url}`}>
                        <IconDots size={18} />
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => void test(e)}>Send test event</Menu.Item>
                      <Menu.Item onClick={() => setLogOf(e)}>Delivery log</Menu.Item>
                      <Menu.Item onClick={() => setEditing({ endpoint: e })}>Edit</Menu.Item>
                      <Menu.Item onClick={() => void rotate(e)}>Rotate secret</Menu.Item>
                      <Menu.Divider />
                      <Menu.Item color="red.9" onClick={() => setDeleting(e)}>
                        Delete
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Group>
            </Paper>
          ))
        )}
      </Stack>
      {editing && (
        <WebhookFormModal
          endpoint={editing.endpoint}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if (saved.secret) setSecret({ title: 'Signing secret of the new endpoint', value: saved.secret });
            void refresh();
          }}
        />
      )}
      {logOf && <DeliveryLogModal endpoint={logOf} onClose={() => setLogOf(null)} />}
      <ConfirmDialog
        opened={!!deleting}
        message="Delete this endpoint and its delivery log? It receives nothing more."
        loading={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
