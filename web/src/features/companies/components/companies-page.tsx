import { useState } from 'react';
import { Alert, Button, Card, SimpleGrid, Skeleton, Tabs } from '@mantine/core';
import { IconBuilding, IconBuildingCommunity, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useCurrentWorkspace, useWorkspaces } from '@/lib/workspace/use-workspaces';
import { useSwitchWorkspace } from '@/lib/workspace/use-switch-workspace';
import { joinedCompanies, ownedCompanies, type WorkspaceView } from '@/lib/workspace/workspace-rules';
import { CompanyCard } from './company-card';
import { NewCompanyModal } from './new-company-modal';
import classes from './companies-page.module.css';

export const EMPTY_OWNED = 'You do not own a company yet';
export const EMPTY_JOINED = 'You have not joined a company yet';

function CompanyGrid({ companies, empty }: { companies: WorkspaceView[]; empty: React.ReactNode }) {
  const current = useCurrentWorkspace();
  const switchTo = useSwitchWorkspace();
  if (!companies.length) return <>{empty}</>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p={{ base: 'sm', sm: 'md' }}>
      {companies.map((c) => (
        <CompanyCard key={c.id} company={c} current={c.id === current.id} onSwitch={() => switchTo(c.id)} />
      ))}
    </SimpleGrid>
  );
}

function Loading() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p={{ base: 'sm', sm: 'md' }} aria-busy="true" aria-label="Loading companies">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={150} radius="md" />
      ))}
    </SimpleGrid>
  );
}

// /companies: the companies the user owns and those they joined, each opening its members; New
// Company makes one (and offers to switch to it).
export function CompaniesPage() {
  const { data, isPending, isError, error, refetch } = useWorkspaces();
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState<string | null>('owned');
  const owned = ownedCompanies(data ?? []);
  const joined = joinedCompanies(data ?? []);
  const create = () => setCreating(true);

  const panel = (list: WorkspaceView[], empty: React.ReactNode) => {
    if (isPending) return <Loading />;
    if (isError)
      return (
        <Alert color="red" variant="light" m="md" title="Something went wrong">
          {error.message || 'We could not load your companies.'}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      );
    return <CompanyGrid companies={list} empty={empty} />;
  };

  return (
    <>
      <PageHeader
        title="My Companies"
        subtitle="Work together with your team"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={create}>
            New Company
          </Button>
        }
      />
      <Card padding={0}>
        <Tabs value={tab} onChange={setTab}>
          {/* One row at every width (two wrapped rows broke the underline on phones): the tabs share
              the width and their labels may wrap inside them. */}
          <Tabs.List px={{ base: 'xs', sm: 'md' }} pt="xs" className={classes.list}>
            <Tabs.Tab value="owned" leftSection={<IconBuilding size={16} />}>
              Owned Companies
            </Tabs.Tab>
            <Tabs.Tab value="joined" leftSection={<IconUsersGroup size={16} />}>
              Companies I've Joined
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="owned">
            {panel(
              owned,
              <EmptyState
                icon={<IconBuildingCommunity size={30} />}
                title={EMPTY_OWNED}
                description="Make a company to share videos, EyeMails and reports with your team. Each company is a workspace of its own."
              >
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create} mt="xs">
                  New Company
                </Button>
              </EmptyState>,
            )}
          </Tabs.Panel>
          <Tabs.Panel value="joined">
            {panel(
              joined,
              <EmptyState
                icon={<IconUsersGroup size={30} />}
                title={EMPTY_JOINED}
                description="When a company's owner or admin adds you to their team, the company is listed here."
              />,
            )}
          </Tabs.Panel>
        </Tabs>
      </Card>
      <NewCompanyModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
