import { Button, Card, Tabs } from '@mantine/core';
import { IconBuilding, IconBuildingCommunity, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { toast } from '@/components/toasts';
import classes from './companies-page.module.css';

const soon = () => toast.info('Companies are coming soon.', 'Coming soon');

export function CompaniesPage() {
  return (
    <>
      <PageHeader
        title="My Companies"
        subtitle="Work together with your team"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={soon}>
            New Company
          </Button>
        }
      />
      <Card padding={0}>
        <Tabs defaultValue="owned">
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
            <EmptyState icon={<IconBuildingCommunity size={30} />} title="Coming soon..." description="Companies you create will be listed here." />
          </Tabs.Panel>
          <Tabs.Panel value="joined">
            <EmptyState icon={<IconUsersGroup size={30} />} title="Coming soon..." description="Companies that invite you will be listed here." />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </>
  );
}
