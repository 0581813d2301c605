import { useEffect, useState } from 'react';
import { Anchor, Box, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconChartBar, IconCode, IconLifebuoy, IconMail, IconSparkles, IconUpload, IconWand } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { firstNameOf, shortName } from '@shared/account-rules';
import { userAtom } from '@/lib/session/user-atom';
import { useSnippets } from '@/lib/api/get-snippets';
import { useCurrentWorkspace } from '@/lib/workspace/use-workspaces';
import { EyeMailGrid } from '@/components/eyemail-grid/eyemail-grid';
import { LinkCard } from '@/components/link-card';
import { hasWelcomeFlag, withoutWelcomeFlag, WELCOME_DELAY_MS } from '@/features/home/utils/welcome-flag';
import { VerifyEmailBanner } from './verify-email-banner';
import { WelcomeDialog } from './welcome-dialog';
import classes from './home-page.module.css';

const CREATE_PATH = '/create-eyemail';
// Home shows the newest few EyeMails; 'View All' leads to the list when there are more.
const RECENT_LIMIT = 4;

const STEPS = [
  { icon: IconUpload, title: 'Upload a video', text: 'MP4 or MOV, ideally 30 seconds. We take it from there.' },
  { icon: IconWand, title: 'We encode it for email', text: 'A light, autoplaying MP4 plus a GIF fallback for every inbox.' },
  { icon: IconCode, title: 'Paste it into your campaign', text: 'Copy the HTML into Mailchimp, HubSpot or any platform.' },
];

const SHORTCUTS = [
  { icon: IconMail, title: 'My EyeMails', text: 'Everything you have created', to: '/eyemails' },
  { icon: IconChartBar, title: 'Reports', text: 'Opens, clicks and plays', to: '/reports' },
  { icon: IconSparkles, title: 'Product Lines', text: 'More ways to bring email to life', to: '/product-lines' },
  { icon: IconLifebuoy, title: 'Support', text: 'FAQs and a direct line to us', to: '/support' },
];

export function HomePage() {
  const user = useAtomValue(userAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const wantsWelcome = hasWelcomeFlag(location.search);
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  // null while loading; a failed load shows nothing rather than an error on the home page.
  const snippets = useSnippets();
  const recent = snippets.data ?? (snippets.isError ? [] : null);

  // ?new opens the welcome dialog 800 ms after the page loads.
  useEffect(() => {
    if (!wantsWelcome) return;
    const id = window.setTimeout(() => setWelcomeOpen(true), WELCOME_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [wantsWelcome]);

  const closeWelcome = () => {
    setWelcomeOpen(false);
    navigate({ pathname: location.pathname, search: withoutWelcomeFlag(location.search), hash: location.hash }, { replace: true });
  };
  const createFromWelcome = () => {
    closeWelcome();
    // Back from the create page returns to home without reopening the dialog.
    navigate(CREATE_PATH);
  };

  const fullName = user?.fullName ?? '';
  // A viewer of a company makes nothing: no New EyeMail.
  const editable = useCurrentWorkspace().canEdit ? undefined : 'none';
  const firstName = firstNameOf(fullName);

  return (
    <>
      {user && !user.emailVerified ? <VerifyEmailBanner email={user.email} /> : null}

      <Box className={classes.hero}>
        <Stack gap="xs" maw={620} style={{ position: 'relative' }}>
          <Title order={1} c="white" fz={{ base: 28, sm: 36 }} lh={1.15}>
            Hello, {firstName || 'there'}!
          </Title>
          <Text c="rgba(255,255,255,0.92)" fz={{ base: 'md', sm: 'lg' }}>
            Welcome to the EyeMail Dashboard
          </Text>
          <Group mt="md" gap="sm">
            <Button component={Link} to={CREATE_PATH} variant="white" size="md" w={{ base: '100%', xs: 'auto' }} rightSection={<IconArrowRight size={18} />} display={editable}>
              New EyeMail
            </Button>
            <Button component={Link} to="/eyemails" variant="outline" color="white" size="md" w={{ base: '100%', xs: 'auto' }} className={classes.heroGhost}>
              View my EyeMails
            </Button>
          </Group>
        </Stack>
      </Box>

      <Card mt="xl">
        <Group justify="space-between" align="flex-start" mb="lg" gap="md">
          <div>
            <Title order={2} fz={22}>
              Getting Started
            </Title>
            <Text c="dimmed" mt={4}>
              Three steps from a video file to an email people actually watch.
            </Text>
          </div>
          <Button component={Link} to={CREATE_PATH} leftSection={<IconUpload size={18} />} display={editable}>
            Create your EyeMail
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {STEPS.map((step, i) => (
            <Group key={step.title} align="flex-start" gap="md" wrap="nowrap" className={classes.step}>
              <ThemeIcon size={44} radius="md" variant="light">
                <step.icon size={22} />
              </ThemeIcon>
              <div>
                <Text size="xs" c="brand.6" fw={700} tt="uppercase" style={{ letterSpacing: '0.05em' }}>
                  Step {i + 1}
                </Text>
                <Text fw={600} mt={2}>
                  {step.title}
                </Text>
                <Text size="sm" c="dimmed" mt={2}>
                  {step.text}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
      </Card>

      {recent === null || recent.length > 0 ? (
        <Box mt="xl" component="section" aria-label="My EyeMails">
          <Group justify="space-between" mb="md">
            <Title order={2} fz={22}>
              My EyeMails
            </Title>
          </Group>
          <EyeMailGrid items={recent} limit={RECENT_LIMIT} />
        </Box>
      ) : null}

      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }} mt="xl">
        {SHORTCUTS.map((s) => (
          <LinkCard key={s.to} to={s.to} padding="lg">
            <ThemeIcon size={40} radius="md" variant="light" mb="md">
              <s.icon size={20} />
            </ThemeIcon>
            <Text fw={600}>{s.title}</Text>
            <Text size="sm" c="dimmed" mt={2}>
              {s.text}
            </Text>
          </LinkCard>
        ))}
      </SimpleGrid>

      <Text size="sm" c="dimmed" mt="xl" ta="center">
        New here?{' '}
        <Anchor component="button" type="button" onClick={() => setWelcomeOpen(true)} inherit>
          Open the welcome tour
        </Anchor>
      </Text>

      <WelcomeDialog opened={welcomeOpen} name={shortName(fullName)} onClose={closeWelcome} onCreate={createFromWelcome} />
    </>
  );
}
