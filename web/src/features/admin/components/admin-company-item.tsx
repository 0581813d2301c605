import { Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { formatDate } from '@/lib/date-format';
import { formatBytes } from '@/lib/media-format';
import type { AdminCompanyRow } from '@/features/admin/api/admin-api';
import { AdminCompanyMembers } from './admin-company-members';
import { EmailText } from './admin-table';
import classes from './admin-companies-page.module.css';
import tableClasses from './admin-table.module.css';

export const count = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;
export const eyemailsText = (r: AdminCompanyRow) => `${r.eyemails.active} of ${count(r.eyemails.total, 'EyeMail')} active`;

// A company as a block, for phones: its owner, its counts, and its members on demand.
export function CompanyItem({ row, open, onToggle, regionId }: { row: AdminCompanyRow; open: boolean; onToggle: () => void; regionId: string }) {
  return (
    <Stack gap={6} px="md" py="sm" className={tableClasses.item} data-company={row.name}>
      <Stack gap={0}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} className={classes.breakable}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed" className={tableClasses.nowrap}>
            {formatDate(row.createdDate)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" className={classes.breakable}>
          {row.domain} · {row.department}
        </Text>
      </Stack>
      {row.owner ? (
        <Stack gap={0}>
          <Text size="sm">Owner: {row.owner.name}</Text>
          <EmailText email={row.owner.email} />
        </Stack>
      ) : (
        <Text size="sm">No owner</Text>
      )}
      <Text size="xs" c="dimmed">
        {count(row.memberCount, 'member')} · {count(row.videoCount, 'video')} · {eyemailsText(row)} · {formatBytes(row.storageBytes)}
      </Text>
      <Button
        size="compact-sm"
        variant={open ? 'light' : 'subtle'}
        rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        aria-label={`${count(row.memberCount, 'member')} of ${row.name}`}
        className={classes.itemButton}
      >
        {open ? 'Hide members' : 'Members'}
      </Button>
      {open ? <AdminCompanyMembers companyId={row.id} companyName={row.name} id={regionId} /> : null}
    </Stack>
  );
}
