import { Fragment, useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Select, Skeleton, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconFileTypeCsv, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/date-format';
import { PageHeader } from '@/components/page-header';
import { AdminListHeading, AdminSearchBar } from './admin-list-parts';
import { EmptyState } from '@/components/empty-state';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/toasts';
import type { AdminUserRow, SortKey, StatusFilter } from '@/features/admin/api/admin-api';
import { useAdminUsers } from '@/features/admin/api/get-admin-users';
import { useSetUserStatus } from '@/features/admin/api/set-user-status';
import { encodeEmailParam } from '@/features/admin/utils/email-param';
import { CSV_FILE_NAME, NO_DATA_MESSAGE, usersCsv } from '@/features/admin/utils/users-csv';
import { statusBadge, statusButtons } from '@/features/admin/utils/user-status';
import { PageButtons } from './page-buttons';
import classes from './admin-users-page.module.css';

const PAGE_SIZE = 10;
const NO_ROWS: AdminUserRow[] = [];

const COLUMNS: { key: SortKey | null; label: string }[] = [
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

// An address may break after a dot and before its @ (a narrow column shows it whole on two or
// three lines), never inside a word.
function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=\.)(?=[^@]*@)|(?=@)/);
  return (
    <Text size="sm" className={classes.email} title={email}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}

// A user as a block, for phones: the nine columns need more width than a phone has.
function UserItem({ row, busy, onChange }: { row: AdminUserRow; busy: boolean; onChange: (status: 1 | 0) => void }) {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return (
    <Stack gap={6} px="md" py="sm" className={classes.item} data-status={row.status}>
      <Stack gap={0}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <StatusBadge status={row.status} />
        </Group>
        <EmailText email={row.email} />
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
  const [keyInput, setKeyInput] = useState('');
  const [key, setKey] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<SortKey>('dateOfJoining');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ page, size: PAGE_SIZE, status, key, sort, order });
  const rows = users.data?.data ?? NO_ROWS;
  const total = { count: users.data?.totalCount ?? 0, pages: users.data?.totalPage ?? 1 };
  const loading = users.isFetching;
  const { mutateAsync: changeStatus } = useSetUserStatus();
  const [busyEmail, setBusyEmail] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminUserRow | null>(null);

  const search = () => {
    setKey(keyInput.trim());
    setPage(1);
  };
  const clear = () => {
    setKeyInput('');
    setKey('');
    setStatus('all');
    setPage(1);
  };
  const sortBy = (column: SortKey) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'dateOfJoining' || column === 'lastActivityDate' || column === 'videoCount' ? 'desc' : 'asc');
    }
    setPage(1);
  };

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
        <Table.ScrollContainer minWidth={880} type="native" visibleFrom="sm">
          <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover striped={false} aria-busy={loading} fz="sm" className={classes.table}>
            <Table.Thead bg="var(--mantine-color-gray-0)">
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c.label} className={c.key ? classes.head : `${classes.head} ${classes.action}`} aria-sort={c.key && c.key === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {c.key ? (
                      <UnstyledButton onClick={() => sortBy(c.key!)} aria-label={`Sort by ${c.label}`} className={classes.sort}>
                        {/* the icon keeps to the last word, so a wrapped header is no wider than its longest word */}
                        {c.label}&nbsp;
                        {c.key === sort ? (
                          order === 'asc' ? <IconArrowUp size={14} className={classes.sortIcon} /> : <IconArrowDown size={14} className={classes.sortIcon} />
                        ) : (
                          <IconArrowsSort size={14} color="var(--mantine-color-gray-5)" className={classes.sortIcon} />
                        )}
                      </UnstyledButton>
                    ) : (
                      <Text size="sm" fw={600}>
                        {c.label}
                      </Text>
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading && !rows.length
                ? Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={i}>
                      {COLUMNS.map((c) => (
                        <Table.Td key={c.label} className={c.key ? undefined : classes.action}>
                          <Skeleton h={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows.map((r) => (
                    <Table.Tr key={r.email} data-status={r.status}>
                      <Table.Td>{r.firstName}</Table.Td>
                      <Table.Td>{r.lastName || <Text span c="dimmed">—</Text>}</Table.Td>
                      <Table.Td>{r.phoneNumber || <Text span c="dimmed">—</Text>}</Table.Td>
                      <Table.Td>
                        <EmailText email={r.email} />
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={r.registrationType === 'Express' ? 'grape' : 'brand'}>
                          {r.registrationType}
                        </Badge>
                      </Table.Td>
                      <Table.Td className={classes.nowrap}>{shortDate(r.dateOfJoining)}</Table.Td>
                      <Table.Td className={classes.nowrap}>{shortDate(r.lastActivityDate)}</Table.Td>
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
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={0} hiddenFrom="sm" data-testid="user-list" aria-busy={loading}>
          {loading && !rows.length
            ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={96} mx="md" mb="sm" radius="md" />)
            : rows.map((r) => (
                <UserItem key={r.email} row={r} busy={busyEmail === r.email} onChange={(next) => (next === 0 ? setConfirming(r) : void setUserStatus(r, 1))} />
              ))}
        </Stack>
        {!loading && !rows.length ? <EmptyState icon={<IconUsers size={30} />} title="No users found." description={key || status !== 'all' ? 'Try another search or status.' : undefined} /> : null}
        <Group justify="space-between" p={{ base: 'md', sm: 'lg' }} gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            {total.count ? `Page ${page} of ${total.pages}` : ''}
          </Text>
          <PageButtons page={page} total={total.pages} onChange={setPage} label="User list pages" />
        </Group>
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
