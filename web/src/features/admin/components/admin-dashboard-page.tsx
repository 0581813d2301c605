import { Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingCommunity, IconMovie, IconUsers } from '@tabler/icons-react';
import { LinkCard } from '@/components/link-card';
import { useDashboardCounts } from '@/features/admin/api/get-dashboard-counts';

function Tile({ to, label, count, icon, loading }: { to: string; label: string; count: number; icon: React.ReactNode; loading: boolean }) {
  return (
    <LinkCard to={to} padding="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text c="dimmed" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
            {label}
          </Text>
          {loading ? <Skeleton h={40} w={80} mt={4} /> : <Text fz={40} fw={800} lh={1.1}>{count.toLocaleString()}</Text>}
        </Stack>
        <ThemeIcon size={52} radius="md" variant="light">
          {icon}
        </ThemeIcon>
      </Group>
      <Group gap={6} mt="lg" c="brand.6">
        <Text size="sm" fw={600}>
          Manage {label.toLowerCase()}
        </Text>
        <IconArrowRight size={16} />
      </Group>
    </LinkCard>
  );
}

export function AdminDashboardPage() {
  const { data: counts } = useDashboardCounts();

  return (
    <>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Hello, Admin!
        </Title>
        <Text c="dimmed" size="lg">
          Welcome to the Admin Dashboard
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" maw={820}>
        <Tile to="/admin-manage-user" label="Users" count={counts?.userCount ?? 0} loading={!counts} icon={<IconUsers size={26} />} />
        <Tile to="/admin-companies" label="Companies" count={counts?.companyCount ?? 0} loading={!counts} icon={<IconBuildingCommunity size={26} />} />
        <Tile to="/admin-video" label="Media" count={counts?.videoCount ?? 0} loading={!counts} icon={<IconMovie size={26} />} />
      </SimpleGrid>
    </>
  );
}
