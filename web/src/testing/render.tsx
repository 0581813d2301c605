// Renders a dashboard component as the app does (web/src/app/providers.tsx): the theme, jotai,
// react-query and, when asked, a router at a given address. Returns React Testing Library's
// queries and a user-event session that types and clicks like a person.
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cssVariablesResolver, theme } from '@/app/theme';

export type RenderOptions = { path?: string; route?: string; store?: ReturnType<typeof createStore> };

export function renderWithProviders(ui: ReactNode, { path = '/', route = '/', store = createStore() }: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: route, element: ui }, { path: '*', element: <p>Another page</p> }], { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Notifications />
          <RouterProvider router={router} />
        </MantineProvider>
      </JotaiProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, router, store, queryClient };
}
