import { Box, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartDots, IconDeviceMobile, IconMail, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { gifFamiliesInWords, videoClientsInWords } from '@shared/client-claims';
import { Logo } from '@/components/logo';
import { EXAMPLE_BUTTON_TEXT } from './example-email';
import classes from './auth-layout.module.css';

// A small picture of what the product makes: an email with a playing video inside.
function EmailIllustration() {
  return (
    <div className={classes.mock} aria-hidden="true">
      <div className={classes.mockBar}>
        <span />
        <span />
        <span />
      </div>
      <div className={classes.mockBody}>
        <div className={classes.mockLine} style={{ width: '42%' }} />
        <div className={classes.mockLine} style={{ width: '68%', opacity: 0.6 }} />
        <div className={classes.mockVideo}>
          <IconPlayerPlayFilled size={30} />
        </div>
        <div className={classes.mockLine} style={{ width: '88%', opacity: 0.6 }} />
        <div className={classes.mockLine} style={{ width: '56%', opacity: 0.6 }} />
        <div className={classes.mockButton} data-testid="example-button">
          {EXAMPLE_BUTTON_TEXT}
        </div>
      </div>
    </div>
  );
}

// Sign-in, sign-up and the other account pages: brand panel on the left (wide screens), the
// form on the right.
export function AuthLayout() {
  return (
    <div className={classes.root}>
      <aside className={classes.brand}>
        <Link to="/signin" className={classes.brandLogo} aria-label="EyeMail">
          <Logo size={34} inverted />
        </Link>
        <Stack gap="lg" maw={440}>
          <Title order={2} c="white" fz={36} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
            Video that plays right in the inbox.
          </Title>
          <List spacing="md" c="white" center className={classes.features}>
            <List.Item icon={<ThemeIcon variant="white" radius="xl" size={30}><IconMail size={16} /></ThemeIcon>}>
              {/* Rendered from the client table, so the claim follows what the export does. */}
              Autoplaying video in {videoClientsInWords()}
            </List.Item>
            <List.Item icon={<ThemeIcon variant="white" radius="xl" size={30}><IconDeviceMobile size={16} /></ThemeIcon>}>
              A smart animated fallback for {gifFamiliesInWords()}
            </List.Item>
            <List.Item icon={<ThemeIcon variant="white" radius="xl" size={30}><IconChartDots size={16} /></ThemeIcon>}>
              Every open, click and play tracked per recipient
            </List.Item>
          </List>
          <EmailIllustration />
        </Stack>
        <Text size="xs" c="rgba(255,255,255,0.7)">
          © {new Date().getFullYear()} EyeMail. A message deserves to be seen, heard and felt.
        </Text>
      </aside>
      <main className={classes.content}>
        <Box className={classes.mobileLogo} hiddenFrom="md">
          <Logo size={30} />
        </Box>
        <div className={classes.panel}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
