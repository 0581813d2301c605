import type { ReactNode } from 'react';
import { Button, Card } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useCurrentWorkspace } from '@/lib/workspace/use-workspaces';

// The create and update pages, for those who may change the workspace's EyeMails. A company's
// viewer who types their address (no menu or button offers them) is told why, instead of a form
// whose save the server refuses (403); nothing is shown while a company's role is not known yet.
export function EditorsOnly({ title, children }: { title: string; children: ReactNode }) {
  const workspace = useCurrentWorkspace();
  if (workspace.canEdit) return children;
  return (
    <>
      <PageHeader title={title} />
      {workspace.role ? (
        <Card>
          <EmptyState
            icon={<IconLock size={30} />}
            title="Viewers can't create or change EyeMails"
            description={`In ${workspace.name} you can see the EyeMails and their reports. The company's owner or an admin can make you an editor.`}
          >
            <Button component={Link} to="/eyemails" variant="light">
              Back to EyeMails
            </Button>
          </EmptyState>
        </Card>
      ) : null}
    </>
  );
}
