import { useRef, useState } from 'react';
import { Button, Card, Group, Loader, Menu, Select } from '@mantine/core';
import { IconChevronDown, IconDownload, IconRefresh, IconRss, IconSwitchHorizontal } from '@tabler/icons-react';
import type { Query } from '@/lib/api-client';
import { toast } from '@/components/toasts';
import { downloadCsv, downloadUrl } from '../api/download-report';
import type { ReportSnippet } from '../api/use-report-snippets';
import { queryString } from '../utils/report-params';

// EyeMail dropdown, 'Change EyeMail', Export (CSV of the current filters), the Feed menu (JSON or
// XML in a new tab) and 'Refresh data'.
export function ReportToolbar({
  snippetId,
  snippets,
  currentTitle,
  query,
  disabled,
  refreshing,
  onSelect,
  onChange,
  onRefresh,
}: {
  snippetId: string;
  snippets: ReportSnippet[] | undefined;
  currentTitle: string | undefined;
  query: Query;
  disabled: boolean;
  refreshing: boolean;
  onSelect: (snippetId: string) => void;
  onChange: () => void;
  onRefresh: () => void;
}) {
  const data = (snippets ?? []).map((s) => ({ value: s.snippet, label: s.title }));
  // An inactive EyeMail's report opened by its link: keep its name in the dropdown.
  if (currentTitle && !data.some((d) => d.value === snippetId)) data.unshift({ value: snippetId, label: currentTitle });
  const [exporting, setExporting] = useState(false);
  const busy = useRef(false);
  // Export: the CSV of the current filters, fetched so that a failure (session ended, server
  // error, connection lost) is said (spec 02 error catalogue: 'Failed to download'). The button
  // stays enabled while it works (a disabled one would drop the keyboard focus); a second press
  // meanwhile does nothing.
  const exportCsv = async () => {
    if (busy.current) return;
    busy.current = true;
    setExporting(true);
    try {
      if (!(await downloadCsv(downloadUrl(snippetId, query)))) toast.error('The report could not be exported. Please try again.', 'Failed to download');
    } finally {
      busy.current = false;
      setExporting(false);
    }
  };
  const feedHref = (type: 'json' | 'xml') => `/feeds/${encodeURIComponent(snippetId)}/${type}${queryString(query)}`;
  return (
    <Card padding="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
          <Select
            aria-label="EyeMail"
            placeholder="Choose an EyeMail"
            data={data}
            value={data.some((d) => d.value === snippetId) ? snippetId : null}
            onChange={(v) => v && v !== snippetId && onSelect(v)}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No EyeMail with that title"
            style={{ flex: '1 1 220px', maxWidth: 380 }}
          />
          <Button variant="subtle" leftSection={<IconSwitchHorizontal size={16} />} onClick={onChange}>
            Change EyeMail
          </Button>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={exporting ? <Loader size={16} type="dots" aria-hidden /> : <IconDownload size={16} />}
            disabled={disabled}
            aria-busy={exporting}
            onClick={() => void exportCsv()}
          >
            Export
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconRss size={16} />} rightSection={<IconChevronDown size={14} />} disabled={disabled}>
                Feed
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component="a" href={feedHref('json')} target="_blank" rel="noopener">
                JSON
              </Menu.Item>
              <Menu.Item component="a" href={feedHref('xml')} target="_blank" rel="noopener">
                XML
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRefresh} loading={refreshing}>
            Refresh data
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
