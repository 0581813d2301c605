import { Card, Grid } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { useCurrentWorkspace } from '@/lib/workspace/use-workspaces';
import { ApiTokensCard } from './api-tokens-card';
import { WebhooksCard } from './webhooks-card';

// /integrations: API tokens for scripts and BI tools, webhooks for CRMs and automations. Feed
// links (no header needed) are on each EyeMail's feed page.
export function IntegrationsPage() {
  const workspace = useCurrentWorkspace();
  // A company's editors and viewers have no integrations (the server answers 403): say so rather
  // than show cards that fail. Nothing is shown while the role is not known yet.
  if (!workspace.canUseIntegrations) {
    return (
      <>
        <PageHeader title="Integrations" subtitle="Connect your reports to BI tools, CRMs and automations" />
        {workspace.role ? (
          <Card>
            <EmptyState icon={<IconLock size={30} />} title="Integrations are for owners and admins" description={`In ${workspace.name}, API tokens and webhooks are managed by the company's owner and admins.`} />
          </Card>
        ) : null}
      </>
    );
  }
  return (
    <>
      <PageHeader title="Integrations" subtitle="Connect your reports to BI tools, CRMs and automations" />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ApiTokensCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <WebhooksCard />
        </Grid.Col>
      </Grid>
    </>
  );
}
