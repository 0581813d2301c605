import { Button, Card, Group, TextInput } from '@mantine/core';
import { IconFilePlus, IconSearch, IconSpeakerphone, IconUpload } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { toast } from '@/components/toasts';

const soon = () => toast.info('Campaigns are coming soon.', 'Coming soon');

// Placeholder (spec 02 section 2): shows the page's shape; its actions are not live yet.
export function CampaignsPage() {
  return (
    <>
      <PageHeader
        title="My Campaigns"
        subtitle="Plan, send and follow your video campaigns"
        actions={
          <>
            <Button variant="default" leftSection={<IconUpload size={18} />} onClick={soon}>
              Upload
            </Button>
            <Button leftSection={<IconFilePlus size={18} />} onClick={soon}>
              Create empty
            </Button>
          </>
        }
      />
      <Card>
        <Group mb="md">
          <TextInput placeholder="Search templates" leftSection={<IconSearch size={18} />} aria-label="Search templates" style={{ flex: 1 }} maw={420} disabled />
        </Group>
        <EmptyState icon={<IconSpeakerphone size={30} />} title="No Campaigns here" description="Start from a template, upload your own design, or create an empty campaign. Campaigns are coming soon." />
      </Card>
    </>
  );
}
