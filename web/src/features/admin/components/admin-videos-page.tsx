import { useEffect, useState } from 'react';
import { AspectRatio, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { PageHeader } from '@/components/page-header';
import { AdminSearchBar } from './admin-list-parts';
import { EmptyState } from '@/components/empty-state';
import type { AdminVideo } from '@/features/admin/api/admin-api';
import { useAdminVideos } from '@/features/admin/api/get-admin-videos';
import { decodeEmailParam, encodeEmailParam } from '@/features/admin/utils/email-param';
import { PageButtons } from './page-buttons';

const PAGE_SIZE = 12;
const NO_VIDEOS: AdminVideo[] = [];

function VideoCard({ video }: { video: AdminVideo }) {
  return (
    <Card padding="sm" radius="md" withBorder>
      <Card.Section>
        <AspectRatio ratio={16 / 9} bg="dark.8">
          <video src={video.url} poster={video.thumbnailUrl ?? undefined} controls preload="none" playsInline aria-label={`Video ${video.fileName}`} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
        </AspectRatio>
      </Card.Section>
      <Stack gap={2} mt="sm">
        <Text size="sm" fw={600} truncate title={video.fileName}>
          {video.fileName}
        </Text>
        {video.email ? (
          <Text size="xs" c="dimmed" truncate title={video.email}>
            {video.email}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Created at: {formatDateTime(video.createdDate)}
        </Text>
      </Stack>
    </Card>
  );
}

// Manage Videos (spec 02): every uploaded video, or one user's by email. The `email` parameter
// (base64) fills the search on load; a bad one is treated as none. Failures show no videos.
export function AdminVideosPage() {
  const [params, setParams] = useSearchParams();
  const email = decodeEmailParam(params.get('email'));
  const [input, setInput] = useState(email ?? '');
  const [page, setPage] = useState(1);
  const list = useAdminVideos(email, page, PAGE_SIZE);
  const videos = list.data?.urLs ?? NO_VIDEOS;
  const count = list.data?.countData ?? 0;
  const pages = list.data?.totalPage ?? 1;
  const loading = list.isFetching;

  // The address in the URL wins when it changes (a link from Manage Users, back and forward).
  useEffect(() => {
    setInput(email ?? '');
    setPage(1);
  }, [email]);


  const search = () => {
    const text = input.trim();
    setPage(1);
    setParams(text ? { email: encodeEmailParam(text) } : {});
  };
  const clear = () => {
    setInput('');
    setPage(1);
    setParams({});
  };

  return (
    <>
      <PageHeader title="Manage Videos" subtitle="Streamline your video library" />
      <Card padding="lg" radius="lg" withBorder>
        <Stack gap="md">
          <Title order={2} fz="lg">
            Video List
          </Title>
          <AdminSearchBar label="Search by email" placeholder="Search by email" type="email" value={input} onChange={setInput} onSearch={search} onClear={clear} />
          <Text size="sm" fw={500} aria-live="polite">
            Showing Videos: {loading ? '…' : count}
          </Text>
          {loading && !videos.length ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" role="status" aria-busy="true" aria-label="Loading videos">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} h={230} radius="md" />
              ))}
            </SimpleGrid>
          ) : videos.length ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
              {videos.map((v) => (
                <VideoCard key={v.fileId} video={v} />
              ))}
            </SimpleGrid>
          ) : (
            <EmptyState icon={<IconMovie size={30} />} title="No records found" description={email ? `${email} has not uploaded any videos.` : undefined} />
          )}
          <PageButtons page={page} total={pages} onChange={setPage} label="Video list pages" />
        </Stack>
      </Card>
    </>
  );
}
