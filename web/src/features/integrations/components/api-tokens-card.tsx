import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toasts';
import { formatDate, formatDateTime } from '@/lib/date-format';
import { integrationsApi, TOKENS_KEY, useApiTokens, type ApiToken } from '../api/integrations-api';
import { lastUsedText } from '../utils/integration-text';
import { ShownOnce } from './shown-once';
import { SectionCard } from '@/components/section-card';
import { TooltipIconButton } from '@/components/tooltip-icon-button';

// Personal API tokens: make one (shown once), see each one's last use, revoke.
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const res = await integrationsApi.createToken(name);
    setSaving(false);
    if (!res.result || !res.body) {
      setError(res.errors?.name ?? res.message);
      return;
    }
    setError(null);
    setName('');
    setMade(res.body.token);
    await client.invalidateQueries({ queryKey: TOKENS_KEY });
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    const res = await integrationsApi.revokeToken(revoking.id);
    setBusy(false);
    setRevoking(null);
    if (res.result) toast.success(res.message, 'Token revoked');
    else toast.error(res.message, 'Token not revoked');
    await client.invalidateQueries({ queryKey: TOKENS_KEY });
  };

  return (
    <SectionCard
      id="api-tokens"
      icon={IconKey}
      title="API tokens"
      introGap="md"
      intro={
        <>
          A token reads your reports and feeds, nothing else. Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
        </>
      }
    >
      <Stack gap="md">
        {made && <ShownOnce title="Your new token" value={made} hint="Copy it now: it is not shown again. Anyone with it can read your reports." onDone={() => setMade(null)} />}
        <form onSubmit={create} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Token name"
              placeholder="e.g. Power BI"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              maxLength={80}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={saving}>
              Create token
            </Button>
          </Group>
        </form>
        {tokens.isPending ? (
          <Skeleton h={80} />
        ) : tokens.isError ? (
          <Text c="red" size="sm">
            {tokens.error.message}
          </Text>
        ) : tokens.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            You have no API tokens yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" aria-label="Your API tokens">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th visibleFrom="sm">Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {t.name}
                      </Text>
                      <Group gap={6}>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {t.hint}
                        </Text>
                        <Badge size="xs" variant="light">
                          {t.scopes.join(', ')}
                        </Badge>
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{formatDate(t.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{lastUsedText(t.lastUsedAt, new Date(), (iso) => formatDateTime(iso))}</Text>
                    </Table.Td>
                    <Table.Td>
                      <TooltipIconButton tooltip="Revoke" label={`Revoke ${t.name}`} onClick={() => setRevoking(t)} color="red">
                        <IconTrash size={18} />
                      </TooltipIconButton>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={!!revoking}
        message={`Revoke "${revoking?.name ?? ''}"? Tools using it stop working at once.`}
        confirmLabel="Revoke"
        loading={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </SectionCard>
  );
}
