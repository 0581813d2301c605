import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Provider as JotaiProvider } from 'jotai';
import { theme } from './theme';

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <JotaiProvider>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" limit={4} zIndex={1000} />
        {children}
      </MantineProvider>
    </JotaiProvider>
  );
}
