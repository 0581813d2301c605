import { useEffect, useState } from 'react';
import { Badge, Button, Card, Collapse, Group, MultiSelect, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconChevronDown, IconFilter } from '@tabler/icons-react';
import { formatDate, formatDayRange } from '@/lib/date-format';
import { useFilterMap } from '../api/use-filter-map';
import { useReportCountries } from '../api/use-report-countries';
import { ALL_COUNTRIES, EMPTY_FILTER, countriesPicked, countriesShown, isFilterActive, readTime, timeWindowNote, type ReportFilterState } from '../utils/report-params';

// The chosen days in the dashboard's date format ('Nov 19 – 25, 2026'); one end while picking.
function rangeLabel(value: unknown): string {
  const [from, till] = (Array.isArray(value) ? value : [value]).map((d) => (d ? String(d).slice(0, 10) : ''));
  if (from && till) return formatDayRange(from, till);
  return from ? `${formatDate(from)} –` : '';
}

function activeCount(f: ReportFilterState): number {
  return [f.dateFrom || f.dateTill, f.timeFrom || f.timeTill, f.countries.length, f.receiver.trim(), f.devices.length, f.platforms.length, f.clients.length].filter(Boolean).length;
}

// The collapsible Filter panel. Edits stay in the panel until 'Apply Filter' puts them in the
// address bar; 'Clear' empties both.
export function FilterPanel({ filter, onApply }: { filter: ReportFilterState; onApply: (next: ReportFilterState) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(filter);
  // A new filter in the URL (back button, another link) replaces the unsaved edits.
  useEffect(() => setDraft(filter), [filter]);

  const devices = useFilterMap('devices');
  const platforms = useFilterMap('platforms');
  const clients = useFilterMap('clients');
  const countries = useReportCountries();
  const countryData = [{ value: ALL_COUNTRIES, label: 'All' }, ...(countries.data ?? [])];
  const shown = countriesShown(draft.countries);
  const count = activeCount(filter);
  const timeNote = timeWindowNote(draft);
  const set = (patch: Partial<ReportFilterState>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <Card padding="md">
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="report-filter" w="100%" py={4}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <IconFilter size={18} />
            <Text fw={600}>Filter</Text>
            {count ? (
              <Badge size="sm" variant="light">
                {count} active
              </Badge>
            ) : null}
          </Group>
          <IconChevronDown size={18} style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id="report-filter">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onApply({ ...draft, receiver: draft.receiver.trim() });
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" pt="md" pb="md">
            <DatePickerInput size="md"
              type="range"
              label="Date Range"
              placeholder="Any date"
              clearable
              allowSingleDateInRange
              valueFormatter={({ date }) => rangeLabel(date)}
              value={[draft.dateFrom, draft.dateTill]}
              onChange={([from, till]) => set({ dateFrom: from ? String(from).slice(0, 10) : null, dateTill: till ? String(till).slice(0, 10) : null })}
            />
            <SimpleGrid cols={2} spacing="sm">
              <TimeInput
                size="md"
                label="Time From"
                value={draft.timeFrom ?? ''}
                onChange={(e) => set({ timeFrom: readTime(e.currentTarget.value) })}
                aria-describedby={timeNote ? 'report-time-note' : undefined}
              />
              <TimeInput
                size="md"
                label="Time Till"
                value={draft.timeTill ?? ''}
                onChange={(e) => set({ timeTill: readTime(e.currentTarget.value) })}
                aria-describedby={timeNote ? 'report-time-note' : undefined}
              />
              {timeNote ? (
                <Text id="report-time-note" role="status" c="dimmed" size="sm" mt={-6} style={{ gridColumn: '1 / -1' }}>
                  {timeNote}
                </Text>
              ) : null}
            </SimpleGrid>
            <MultiSelect size="md"
              label="Country"
              data={countryData}
              value={shown}
              onChange={(next) => set({ countries: countriesPicked(shown, next) })}
              searchable
              nothingFoundMessage="No such country"
              disabled={countries.isError}
            />
            <TextInput label="Receiver" placeholder="Email" value={draft.receiver} onChange={(e) => set({ receiver: e.currentTarget.value })} maxLength={320} />
            <MultiSelect size="md" label="Device" placeholder={draft.devices.length ? undefined : 'All devices'} data={devices.data ?? []} value={draft.devices} onChange={(v) => set({ devices: v })} clearable />
            <MultiSelect size="md" label="Platform" placeholder={draft.platforms.length ? undefined : 'All platforms'} data={platforms.data ?? []} value={draft.platforms} onChange={(v) => set({ platforms: v })} clearable />
            <MultiSelect size="md" label="Client" placeholder={draft.clients.length ? undefined : 'All clients'} data={clients.data ?? []} value={draft.clients} onChange={(v) => set({ clients: v })} clearable searchable />
          </SimpleGrid>
          <Group gap="sm" pb={4}>
            <Button type="submit">
              Apply Filter
            </Button>
            <Button
              variant="default"
              disabled={!isFilterActive(draft) && !isFilterActive(filter)}
              onClick={() => {
                setDraft(EMPTY_FILTER);
                onApply(EMPTY_FILTER);
              }}
            >
              Clear
            </Button>
          </Group>
        </form>
      </Collapse>
    </Card>
  );
}
