import { Grid } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { ApiTokensCard } from './api-tokens-card';
import { WebhooksCard } from './webhooks-card';

// /integrations: API tokens for scripts and BI tools, webhooks for CRMs and automations. Feed
// links (no header needed) are on each EyeMail's feed page.
export function IntegrationsPage() {
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
