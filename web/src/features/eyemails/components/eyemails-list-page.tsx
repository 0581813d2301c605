import { useEffect, useState } from 'react';
import { Button, Card, Group, Select, TextInput } from '@mantine/core';
import { IconMail, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSnippets } from '@/lib/api/get-snippets';
import { useCurrentWorkspace } from '@/lib/workspace/use-workspaces';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { toast } from '@/components/toasts';
import { EyeMailGrid, NO_EYEMAILS } from '@/components/eyemail-grid/eyemail-grid';
import { ResultDialog, deletedOf } from './result-dialog';
import { apiFilters, filtersFromSearch, searchFromFilters, type ListFilters, type StatusFilter } from '@/features/eyemails/utils/list-filters';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

// My EyeMails: the filters come from the address, the list is fetched for them, and every
// change of filter is written back to the address.
export function EyeMailsListPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const [query, setQuery] = useState(filters.query);
  const list = useSnippets(apiFilters(filters));
  // null while the list for these filters loads; empty after a failed load (the toast says why).
  const items = list.data ?? (list.isError ? [] : null);
  const location = useLocation();
  const navigate = useNavigate();
  // Arrived here from a delete: say so once (the state is cleared so a reload does not repeat it).
  const [deleted, setDeleted] = useState(() => deletedOf(location.state));
  useEffect(() => {
    if (deletedOf(location.state)) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);

  // Back/forward and links change the address: the box follows.
  useEffect(() => setQuery(filters.query), [filters.query]);

  const loadError = list.isError ? list.error.message || 'Unable to load snippets' : null;
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);

  const apply = (next: ListFilters) => setParams(new URLSearchParams(searchFromFilters(next)));
  const filtered = filters.query !== '' || filters.status !== 'all';
  // A viewer of a company reads EyeMails and their reports only.
  const { canEdit } = useCurrentWorkspace();

  return (
    <>
      <PageHeader
        title="My EyeMails"
        subtitle="Everything you have created"
        actions={
          canEdit && (
            <Button component={Link} to="/create-eyemail" leftSection={<IconPlus size={18} />}>
              New
            </Button>
          )
        }
      />
      <Card mb="lg" padding="md">
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            apply({ ...filters, query });
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Search by title"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              style={{ flex: '1 1 240px' }}
              type="search"
            />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={filters.status}
              onChange={(v) => apply({ query, status: (v ?? 'all') as StatusFilter })}
              allowDeselect={false}
              w={{ base: '100%', xs: 160 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Button type="submit" variant="light" size="md" w={{ base: '100%', xs: 'auto' }}>
              Search
            </Button>
          </Group>
        </form>
      </Card>
      <EyeMailGrid
        items={items}
        empty={
          <Card>
            <EmptyState
              icon={<IconMail size={32} stroke={1.6} />}
              title={NO_EYEMAILS}
              description={filtered ? 'Nothing matches these filters. Try another search or status.' : canEdit ? 'Upload a video and turn it into your first EyeMail.' : 'EyeMails made in this workspace are listed here.'}
            >
              {filtered ? (
                <Button variant="default" mt="sm" onClick={() => apply({ query: '', status: 'all' })}>
                  Clear filters
                </Button>
              ) : canEdit ? (
                <Button component={Link} to="/create-eyemail" mt="sm" leftSection={<IconPlus size={18} />}>
                  Create your EyeMail
                </Button>
              ) : null}
            </EmptyState>
          </Card>
        }
      />
      <ResultDialog opened={deleted !== null} success title="Deleted!" message={deleted ? `${deleted.message}: “${deleted.title}”` : ''} onClose={() => setDeleted(null)} />
    </>
  );
}
