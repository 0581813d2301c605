import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconFileTypeCsv, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/date-format';
import { PageHeader } from '@/components/page-header';
import { AdminListHeading, AdminSearchBar } from './admin-list-parts';
import { EmptyState } from '@/components/empty-state';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toasts';
import type { AdminUserRow, SortKey, StatusFilter } from '@/features/admin/api/admin-api';
import { useAdminUsers } from '@/features/admin/api/get-admin-users';
import { useListControls } from '@/features/admin/utils/use-list-controls';
import { useSetUserStatus } from '@/features/admin/api/set-user-status';
import { encodeEmailParam } from '@/features/admin/utils/email-param';
import { CSV_FILE_NAME, NO_DATA_MESSAGE, usersCsv } from '@/features/admin/utils/users-csv';
import { statusBadge, statusButtons } from '@/features/admin/utils/user-status';
import { AdminTableAndList, EmailText, ListPages, type AdminColumn } from './admin-table';
import classes from './admin-users-page.module.css';
import tableClasses from './admin-table.module.css';

const PAGE_SIZE = 10;
const NO_ROWS: AdminUserRow[] = [];

const COLUMNS: AdminColumn<SortKey>[] = [
  { key: 'firstName', label: 'First Name' },
  { key: 'lastName', label: 'Last Name' },
  { key: 'phoneNumber', label: 'Phone Number' },
  { key: 'email', label: 'Email' },
  { key: 'registrationType', label: 'Registration Type' },
  { key: 'dateOfJoining', label: 'Registration Date' },
  { key: 'lastActivityDate', label: 'Last Activity Date' },
  { key: 'videoCount', label: 'Videos' },
  { key: null, label: 'Action' },
];

// The Action column stays pinned to the table's right edge.
const actionCell = (c: AdminColumn<SortKey>) => (c.key ? undefined : classes.action);

// The visible count, also the start of the link's name (its name must contain what it shows).
const videosText = (n: number) => (n === 1 ? '1 video' : `${n} videos`);

function shortDate(iso: string | null): string {
  return formatDate(iso) || '—';
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Activated/Deactivated (the current state, greyed) next to Active/Deactivate (spec 02 section 4).
function StatusButtons({ row, busy, onChange }: { row: AdminUserRow; busy: boolean; onChange: (status: 1 | 0) => void }) {
  return (
    <Group gap={6} wrap="wrap" className={classes.buttons}>
      {statusButtons(row.status).map((b) => (
        <Button
          key={b.target}
          size="compact-sm"
          variant={b.current ? 'light' : 'outline'}
          color={b.color}
          disabled={b.current || busy}
          onClick={() => onChange(b.target)}
          aria-label={b.current ? `${row.email} is ${b.label.toLowerCase()}` : `${b.label === 'Active' ? 'Activate' : 'Deactivate'} ${row.email}`}
        >
          {b.label}
        </Button>
      ))}
    </Group>
  );
}

// The current state at a glance, apart from the buttons (which name what a click does).
function StatusBadge({ status }: { status: number }) {
  const badge = statusBadge(status);
  return (
    <Badge variant="light" color={badge.color} leftSection={<span className={classes.dot} />} classNames={{ root: classes.status, label: classes.statusLabel }} data-testid="user-status">
      {badge.label}
    </Badge>
  );
}

// A user as a block, for phones: the nine columns need more width than a phone has.
function UserItem({ row, busy, onChange }: { row: AdminUserRow; busy: boolean; onChange: (status: 1 | 0) => void }) {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return (
    <Stack gap={6} px="md" py="sm" className={tableClasses.item} data-status={row.status}>
      <Stack gap={0}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <StatusBadge status={row.status} />
        </Group>
        <EmailText email={row.email} size="sm" dimmed={false} withTitle />
      </Stack>
      <Text size="xs" c="dimmed">
        {row.registrationType} · Registered {shortDate(row.dateOfJoining)} · Last active {shortDate(row.lastActivityDate)}
        {row.phoneNumber ? ` · ${row.phoneNumber}` : ''}
      </Text>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Anchor component={Link} to={`/admin-video?email=${encodeURIComponent(encodeEmailParam(row.email))}`} size="sm" fw={600} aria-label={`${videosText(row.videoCount)} of ${row.email}`}>
          {videosText(row.videoCount)}
        </Anchor>
        <StatusButtons row={row} busy={busy} onChange={onChange} />
      </Group>
    </Stack>
  );
}

// Manage Users (spec 02): search, status filter, sortable columns, page buttons, CSV export of
// the page shown, and activation. List failures show an empty list (spec 02 section 8).
export function AdminUsersPage() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const { keyInput, setKeyInput, key, sort, order, page, setPage, search, clear, sortBy } = useListControls<SortKey>({
    initialSort: 'dateOfJoining',
    firstOrder: (column) => (column === 'dateOfJoining' || column === 'lastActivityDate' || column === 'videoCount' ? 'desc' : 'asc'),
    onClear: () => setStatus('all'),
  });
  const users = useAdminUsers({ page, size: PAGE_SIZE, status, key, sort, order });
  const rows = users.data?.data ?? NO_ROWS;
  const total = { count: users.data?.totalCount ?? 0, pages: users.data?.totalPage ?? 1 };
  const loading = users.isFetching;
  const { mutateAsync: changeStatus } = useSetUserStatus();
  const [busyEmail, setBusyEmail] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminUserRow | null>(null);


  const setUserStatus = async (row: AdminUserRow, next: 1 | 0) => {
    setBusyEmail(row.email);
    const res = await changeStatus({ email: row.email, status: next });
    setBusyEmail(null);
    setConfirming(null);
    if (res.status === 200 && res.result) {
      toast.success(next === 1 ? `${row.email} can sign in again.` : `${row.email} is signed out everywhere and can no longer sign in.`, next === 1 ? 'User activated' : 'User deactivated');
    } else {
      // The spec only logs this; a message tells the admin nothing changed.
      console.error('Status update failed', res.status, res.message);
      toast.error(res.message || 'The status could not be changed.');
    }
  };

  const exportCsv = () => {
    if (!rows.length) {
      window.alert(NO_DATA_MESSAGE);
      return;
    }
    download(CSV_FILE_NAME, usersCsv(rows));
  };

  return (
    <>
      <PageHeader title="Manage Users" subtitle="Your user management hub" />
      <Card padding={0} radius="lg" withBorder>
        <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
          <AdminListHeading title="List of Users" summary={loading ? 'Loading…' : `${total.count.toLocaleString()} user${total.count === 1 ? '' : 's'}`} />
          <AdminSearchBar label="Search users" placeholder="Search..." value={keyInput} onChange={setKeyInput} onSearch={search} onClear={clear}>
            <Select
              aria-label="Status"
              data={[
                { value: 'all', label: 'All' },
                { value: '1', label: 'Activated' },
                { value: '0', label: 'Deactivated' },
              ]}
              value={status}
              onChange={(v) => {
                setStatus((v as StatusFilter) ?? 'all');
                setPage(1);
              }}
              allowDeselect={false}
              w={150}
            />
            <Button variant="light" leftSection={<IconFileTypeCsv size={18} />} onClick={exportCsv}>
              CSV
            </Button>
          </AdminSearchBar>
        </Stack>
        <AdminTableAndList
          columns={COLUMNS}
          sort={sort}
          order={order}
          onSort={sortBy}
          cellClassName={actionCell}
          loading={loading}
          rows={rows}
          minWidth={880}
          horizontalSpacing={8}
          tableRow={(r) => (
            <Table.Tr key={r.email} data-status={r.status}>
              <Table.Td>{r.firstName}</Table.Td>
              <Table.Td>{r.lastName || <Text span c="dimmed">—</Text>}</Table.Td>
              <Table.Td>{r.phoneNumber || <Text span c="dimmed">—</Text>}</Table.Td>
              <Table.Td>
                <EmailText email={r.email} size="sm" dimmed={false} withTitle />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={r.registrationType === 'Express' ? 'grape' : 'brand'}>
                  {r.registrationType}
                </Badge>
              </Table.Td>
              <Table.Td className={tableClasses.nowrap}>{shortDate(r.dateOfJoining)}</Table.Td>
              <Table.Td className={tableClasses.nowrap}>{shortDate(r.lastActivityDate)}</Table.Td>
              <Table.Td>
                <Tooltip label={`Videos of ${r.email}`}>
                  <Anchor component={Link} to={`/admin-video?email=${encodeURIComponent(encodeEmailParam(r.email))}`} fw={600} aria-label={`${videosText(r.videoCount)} of ${r.email}`}>
                    {r.videoCount}
                  </Anchor>
                </Tooltip>
              </Table.Td>
              <Table.Td className={classes.action}>
                <Group gap={6} wrap="wrap">
                  <StatusBadge status={r.status} />
                  <StatusButtons row={r} busy={busyEmail === r.email} onChange={(next) => (next === 0 ? setConfirming(r) : void setUserStatus(r, 1))} />
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
          listTestId="user-list"
          placeholderHeight={96}
          listItem={(r) => (
            <UserItem key={r.email} row={r} busy={busyEmail === r.email} onChange={(next) => (next === 0 ? setConfirming(r) : void setUserStatus(r, 1))} />
          )}
        />
        {!loading && !rows.length ? <EmptyState icon={<IconUsers size={30} />} title="No users found." description={key || status !== 'all' ? 'Try another search or status.' : undefined} /> : null}
        <ListPages page={page} pages={total.pages} count={total.count} onChange={setPage} label="User list pages" />
      </Card>
      <ConfirmDialog
        opened={!!confirming}
        message={confirming ? `Deactivate ${confirming.email}? They are signed out everywhere at once and cannot sign in until you activate them again. Their published EyeMails keep playing.` : ''}
        confirmLabel="Deactivate"
        loading={!!busyEmail}
        onConfirm={() => confirming && void setUserStatus(confirming, 0)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
