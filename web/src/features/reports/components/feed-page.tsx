import { Alert, Anchor, Button, Card, Code, CopyButton, Group, ScrollArea, Skeleton, Text } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { FeedLinkCard } from '@/components/feed-link-card';
import { ApiQueryError } from '@/lib/query-client';
import { feedUrl, useReportFeed, type FeedType } from '../api/use-report-feed';
import { readReportView, reportQuery, writeReportView } from '../utils/report-params';

// /feeds/{id}/{type}: the report feed as text (JSON pretty-printed, XML as served), with the
// report's filters when it was opened from a filtered report.
export function FeedPage() {
  const { id = '', type = '' } = useParams();
  const [params] = useSearchParams();
  const view = readReportView(params);
  const query = reportQuery(view.filter, view.includeMachine);
  const kind: FeedType | null = type.toLowerCase() === 'json' ? 'json' : type.toLowerCase() === 'xml' ? 'xml' : null;
  const feed = useReportFeed(id, kind ?? 'json', query);
  const reportSearch = writeReportView({ ...view, page: 1, weekEnding: null }).toString();
  const back = `/reports/${encodeURIComponent(id)}${reportSearch ? `?${reportSearch}` : ''}`;

  return (
    <>
      <PageHeader
        title={kind ? `Feed (${kind.toUpperCase()})` : 'Feed'}
        subtitle="Your report for BI tools and automations"
        actions={
          <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
            Back to report
          </Button>
        }
      />
      {kind && feed.isSuccess && <FeedLinkCard snippetId={id} />}
      {!kind ? (
        <Alert color="red" title="Unknown feed type">
          A feed is JSON or XML.
        </Alert>
      ) : feed.isError ? (
        <Alert color="red" title={feed.error instanceof ApiQueryError && feed.error.status === 404 ? 'EyeMail not found' : 'The feed could not be loaded'} data-testid="feed-error">
          {feed.error instanceof ApiQueryError && feed.error.status === 404 ? 'There is no EyeMail of yours at this address. It may have been deleted, or it belongs to another account.' : feed.error.message}
        </Alert>
      ) : (
        <Card padding="md">
          <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {feedUrl(id, kind, query)}
            </Text>
            <Group gap="xs">
              <CopyButton value={feed.data ?? ''}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} disabled={!feed.data} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
              <Anchor href={feedUrl(id, kind, query)} target="_blank" rel="noopener" size="sm">
                <Group gap={4} wrap="nowrap">
                  Raw <IconExternalLink size={14} />
                </Group>
              </Anchor>
            </Group>
          </Group>
          {feed.isPending ? (
            <Skeleton h={320} />
          ) : (
            // Focusable, so the keyboard can scroll the feed too.
            <ScrollArea.Autosize mah="70vh" type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Feed text' }}>
              <Code block data-testid="feed-text" style={{ whiteSpace: 'pre', fontSize: 12 }}>
                {feed.data}
              </Code>
            </ScrollArea.Autosize>
          )}
        </Card>
      )}
    </>
  );
}
