import { Fragment, useState } from 'react';
import { ActionIcon, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconBuildingCommunity, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { formatDate } from '@/lib/date-format';
import { formatBytes } from '@/lib/media-format';
import { PageHeader } from '@/components/page-header';
import { AdminListHeading, AdminSearchBar } from './admin-list-parts';
import { EmptyState } from '@/components/empty-state';
import type { AdminCompanyRow, CompanyListSort } from '@/features/admin/api/admin-api';
import { useAdminCompanies } from '@/features/admin/api/get-admin-companies';
import { useListControls } from '@/features/admin/utils/use-list-controls';
import { AdminCompanyMembers } from './admin-company-members';
import { AdminTableAndList, EmailText, ListPages, type AdminColumn } from './admin-table';
import { CompanyItem, count, eyemailsText } from './admin-company-item';
import classes from './admin-companies-page.module.css';
import tableClasses from './admin-table.module.css';

const PAGE_SIZE = 10;
const NO_ROWS: AdminCompanyRow[] = [];

const COLUMNS: AdminColumn<CompanyListSort>[] = [
  { key: 'name', label: 'Company' },
  { key: null, label: 'Owner' },
  { key: 'memberCount', label: 'Members', numeric: true },
  { key: 'videoCount', label: 'Videos', numeric: true },
  { key: 'eyemailCount', label: 'EyeMails', numeric: true },
  { key: 'storageBytes', label: 'Storage', numeric: true },
  { key: 'createdDate', label: 'Created' },
  { key: null, label: 'People' },
];

const SORT_OPTIONS = COLUMNS.filter((c) => c.key).map((c) => ({ value: c.key!, label: c.key === 'name' ? 'Name' : c.label }));
const membersRegion = (id: string) => `company-members-${id}`;

// Companies (site admin): every company workspace with its owner, members, videos, EyeMails and
// storage; search, sortable columns, page buttons; a row opens to its members. A table at desktop
// widths, a list on phones (with a sort menu, the table's headers being hidden there).
export function AdminCompaniesPage() {
  const { keyInput, setKeyInput, key, sort, order, page, setPage, search, clear, sortBy } = useListControls<CompanyListSort>({
    initialSort: 'createdDate',
    firstOrder: (column) => (column === 'name' ? 'asc' : 'desc'),
  });
  const [open, setOpen] = useState<string | null>(null);
  const companies = useAdminCompanies({ page, size: PAGE_SIZE, key, sort, order });
  const rows = companies.data?.data ?? NO_ROWS;
  const total = { count: companies.data?.totalCount ?? 0, pages: companies.data?.totalPage ?? 1 };
  const loading = companies.isFetching;

  const toggle = (id: string) => setOpen(open === id ? null : id);

  return (
    <>
      <PageHeader title="Companies" subtitle="Every company workspace, its people and what it holds" />
      <Card padding={0} radius="lg" withBorder>
        <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
          <AdminListHeading title="List of Companies" summary={loading ? 'Loading…' : `${total.count.toLocaleString()} compan${total.count === 1 ? 'y' : 'ies'}`} />
          <AdminSearchBar label="Search companies" placeholder="Name, domain or owner's email" value={keyInput} onChange={setKeyInput} onSearch={search} onClear={clear} />
          <Group gap="xs" hiddenFrom="sm" wrap="nowrap">
            <Select aria-label="Sort by" data={SORT_OPTIONS} value={sort} onChange={(v) => v && sortBy(v as CompanyListSort)} allowDeselect={false} style={{ flex: 1 }} />
            <ActionIcon
              variant="default"
              size={36}
              onClick={() => sortBy(sort, order === 'asc' ? 'desc' : 'asc')}
              aria-label={order === 'asc' ? 'Ascending, sort descending' : 'Descending, sort ascending'}
            >
              {order === 'asc' ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
            </ActionIcon>
          </Group>
        </Stack>
        <AdminTableAndList
          columns={COLUMNS}
          sort={sort}
          order={order}
          onSort={sortBy}
          loading={loading}
          rows={rows}
          minWidth={860}
          horizontalSpacing={10}
          tableRow={(r) => (
            <Fragment key={r.id}>
              <Table.Tr data-company={r.name}>
                <Table.Td>
                  <Text size="sm" fw={600} className={classes.breakable}>
                    {r.name}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.breakable}>
                    {r.domain} · {r.department}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {r.owner ? (
                    <>
                      <Text size="sm">{r.owner.name}</Text>
                      <EmailText email={r.owner.email} />
                    </>
                  ) : (
                    <Text span c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{r.memberCount}</Table.Td>
                <Table.Td ta="right">{r.videoCount}</Table.Td>
                <Table.Td ta="right" className={tableClasses.nowrap} title={eyemailsText(r)}>
                  {r.eyemails.active} of {r.eyemails.total}
                </Table.Td>
                <Table.Td ta="right" className={tableClasses.nowrap}>
                  {formatBytes(r.storageBytes)}
                </Table.Td>
                <Table.Td className={tableClasses.nowrap}>{formatDate(r.createdDate)}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant={open === r.id ? 'light' : 'subtle'}
                    rightSection={open === r.id ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
                    onClick={() => toggle(r.id)}
                    aria-expanded={open === r.id}
                    aria-controls={open === r.id ? membersRegion(r.id) : undefined}
                    aria-label={`${count(r.memberCount, 'member')} of ${r.name}`}
                  >
                    Members
                  </Button>
                </Table.Td>
              </Table.Tr>
              {open === r.id ? (
                <Table.Tr className={classes.openRow}>
                  <Table.Td colSpan={COLUMNS.length}>
                    <AdminCompanyMembers companyId={r.id} companyName={r.name} id={membersRegion(r.id)} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          )}
          listTestId="company-list"
          placeholderHeight={110}
          listItem={(r) => <CompanyItem key={r.id} row={r} open={open === r.id} onToggle={() => toggle(r.id)} regionId={membersRegion(`${r.id}-item`)} />}
        />
        {!loading && !rows.length ? (
          <EmptyState icon={<IconBuildingCommunity size={30} />} title="No companies found." description={key ? 'Try another name, domain or owner’s email.' : 'Companies appear here once someone makes one.'} />
        ) : null}
        <ListPages page={page} pages={total.pages} count={total.count} onChange={setPage} label="Company list pages" />
      </Card>
    </>
  );
}
