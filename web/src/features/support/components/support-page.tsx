import { useState } from 'react';
import { Anchor, Card, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHelpCircle, IconMessageCircle } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { ContactForm } from './contact-form';
import { FaqAccordion } from './faq-accordion';
import { FeedbackDialog } from './feedback-dialog';

// The support center (spec 02, Support page): FAQs, then 'Contact us' with the contact form.
export function SupportPage() {
  // A new key starts the contact form afresh after the success dialog's OK.
  const [formKey, setFormKey] = useState(0);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <>
      <PageHeader title="Welcome to EyeMail Support" subtitle="FAQs, Contact and Chat" />
      <Grid gap="xl" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Group gap="sm">
              <ThemeIcon variant="light" size={36} radius="md">
                <IconHelpCircle size={20} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                Frequently asked questions
              </Title>
            </Group>
            <FaqAccordion />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card padding="xl" radius="lg" withBorder>
            <Group gap="sm" mb={4}>
              <ThemeIcon variant="light" size={36} radius="md">
                <IconMessageCircle size={20} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                Contact us
              </Title>
            </Group>
            <Text c="dimmed" size="sm" mb="lg">
              We are here to help! We'll be in contact soon
            </Text>
            <ContactForm
              key={formKey}
              onSent={() => {
                setFormKey((k) => k + 1);
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          </Card>
          <Text size="sm" c="dimmed" ta="center" mt="md">
            Have an idea for EyeMail?{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => setFeedbackOpen(true)}>
              Send us feedback
            </Anchor>
          </Text>
        </Grid.Col>
      </Grid>
      <FeedbackDialog opened={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </>
  );
}
