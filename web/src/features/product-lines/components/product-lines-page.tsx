import { Badge, Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { PRODUCT_LINES } from '@/features/product-lines/product-lines';
import classes from './product-lines-page.module.css';

export function ProductLinesPage() {
  return (
    <>
      <PageHeader title="Product Lines" subtitle="Learn more about our products and services" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl">
        {PRODUCT_LINES.map((p) => (
          <Card key={p.title} className={classes.card} component="article">
            <Group justify="space-between" align="flex-start" mb="lg">
              <ThemeIcon size={52} radius="md" variant="gradient" gradient={{ from: 'brand.7', to: 'violet.4', deg: 135 }}>
                <p.icon size={26} />
              </ThemeIcon>
              {p.href ? null : (
                <Badge variant="light" color="gray">
                  Coming soon
                </Badge>
              )}
            </Group>
            <Title order={2} fz={18} lh={1.3}>
              {p.title}
            </Title>
            <Text c="dimmed" size="sm" mt="xs" className={classes.text}>
              {p.description}
            </Text>
            {p.href ? (
              <Button
                component="a"
                href={p.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                mt="lg"
                style={{ alignSelf: 'flex-start' }}
                rightSection={<IconExternalLink size={16} />}
                aria-label={`Learn More about ${p.title}`}
              >
                Learn More
              </Button>
            ) : (
              <Button variant="default" mt="lg" style={{ alignSelf: 'flex-start' }} disabled aria-label={`Learn More about ${p.title} (coming soon)`}>
                Learn More
              </Button>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
