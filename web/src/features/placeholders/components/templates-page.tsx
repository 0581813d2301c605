import { Button, Card } from '@mantine/core';
import { IconTemplate, IconUpload } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { toast } from '@/components/toasts';

const soon = () => toast.info('Templates are coming soon.', 'Coming soon');

export function TemplatesPage() {
  return (
    <>
      <PageHeader
        title="My Templates"
        subtitle="Reusable email designs for your team"
        actions={
          <Button leftSection={<IconUpload size={18} />} onClick={soon}>
            Upload
          </Button>
        }
      />
      <Card>
        <EmptyState icon={<IconTemplate size={30} />} title="No saved templates yet" description="Templates you save or upload will appear here, ready to reuse in your next EyeMail." />
      </Card>
    </>
  );
}
