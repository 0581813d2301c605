import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { RecorderSlot } from '@/lib/recorder-slot';
import { cssVariablesResolver, theme } from './theme';

// Toasts sit at the bottom: at the top they covered the header's 'New EyeMail' button and user
// menu (desktop) and the page title (phone). On phones they span the width, bottom centre.
function Toasts() {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} limit={4} zIndex={1000} />;
}

// The recorder's code is fetched the first time someone opens it.
const loadRecorder = () => import('@/features/recorder/components/recorder-modal');

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Toasts />
          <RecorderSlot.Provider value={loadRecorder}>{children}</RecorderSlot.Provider>
        </MantineProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
