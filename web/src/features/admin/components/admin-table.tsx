import { Fragment, type ReactNode } from 'react';
import { Group, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { PageButtons } from './page-buttons';
import classes from './admin-table.module.css';

// The parts of the admin lists (Users, Companies): a table at desktop widths and blocks on phones,
// sortable headers, loading placeholders, addresses that wrap, and the page buttons under it.

export interface AdminColumn<K extends string> {
  // null: the column does not sort.
  key: K | null;
  label: string;
  numeric?: boolean;
}

type CellClass<K extends string> = (column: AdminColumn<K>) => string | undefined;

// The header row: a sortable column's name is a button that sorts by it (again: the other way).
function SortableHead<K extends string>({ columns, sort, order, onSort, cellClassName }: { columns: readonly AdminColumn<K>[]; sort: K; order: 'asc' | 'desc'; onSort: (key: K) => void; cellClassName?: CellClass<K> }) {
  return (
    <Table.Thead bg="var(--mantine-color-gray-0)">
      <Table.Tr>
        {columns.map((c) => (
          <Table.Th
            key={c.label}
            className={[classes.head, cellClassName?.(c)].filter(Boolean).join(' ')}
            ta={c.numeric ? 'right' : undefined}
            aria-sort={c.key && c.key === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
          >
            {c.key ? (
              <UnstyledButton onClick={() => onSort(c.key!)} aria-label={`Sort by ${c.label}`} className={classes.sort}>
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
  );
}

// Five rows of placeholders while the first page loads.
function LoadingRows<K extends string>({ columns, cellClassName }: { columns: readonly AdminColumn<K>[]; cellClassName?: CellClass<K> }) {
  return Array.from({ length: 5 }, (_, i) => (
    <Table.Tr key={i}>
      {columns.map((c) => (
        <Table.Td key={c.label} className={cellClassName?.(c)}>
          <Skeleton h={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

// The list at two widths: a table from a tablet up (scrolling sideways below `minWidth`), one
// block a row on phones (the table's headers are hidden there, so the page offers a sort menu);
// placeholders in both while the first page loads.
export function AdminTableAndList<K extends string, T>({
  columns,
  sort,
  order,
  onSort,
  cellClassName,
  loading,
  rows,
  minWidth,
  horizontalSpacing,
  tableRow,
  listTestId,
  placeholderHeight,
  listItem,
}: {
  columns: readonly AdminColumn<K>[];
  sort: K;
  order: 'asc' | 'desc';
  onSort: (key: K) => void;
  cellClassName?: CellClass<K>;
  loading: boolean;
  rows: readonly T[];
  minWidth: number;
  horizontalSpacing: number;
  tableRow: (row: T) => ReactNode;
  listTestId: string;
  placeholderHeight: number;
  listItem: (row: T) => ReactNode;
}) {
  const placeholders = loading && !rows.length;
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} type="native" visibleFrom="sm">
        <Table verticalSpacing="sm" horizontalSpacing={horizontalSpacing} highlightOnHover aria-busy={loading} fz="sm" className={classes.table}>
          <SortableHead columns={columns} sort={sort} order={order} onSort={onSort} cellClassName={cellClassName} />
          <Table.Tbody>{placeholders ? <LoadingRows columns={columns} cellClassName={cellClassName} /> : rows.map(tableRow)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={0} hiddenFrom="sm" data-testid={listTestId} aria-busy={loading}>
        {placeholders ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={placeholderHeight} mx="md" mb="sm" radius="md" />) : rows.map(listItem)}
      </Stack>
    </>
  );
}

// An address may break after a dot before its @ and before the @ (never inside a word).
export function EmailText({ email, size = 'xs', dimmed = true, withTitle = false }: { email: string; size?: 'xs' | 'sm'; dimmed?: boolean; withTitle?: boolean }) {
  const parts = email.split(/(?<=\.)(?=[^@]*@)|(?=@)/);
  return (
    <Text size={size} c={dimmed ? 'dimmed' : undefined} className={classes.email} title={withTitle ? email : undefined}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}

// Under the list: which page this is, and the page buttons.
export function ListPages({ page, pages, count, onChange, label }: { page: number; pages: number; count: number; onChange: (page: number) => void; label: string }) {
  return (
    <Group justify="space-between" p={{ base: 'md', sm: 'lg' }} gap="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {count ? `Page ${page} of ${pages}` : ''}
      </Text>
      <PageButtons page={page} total={pages} onChange={onChange} label={label} />
    </Group>
  );
}
