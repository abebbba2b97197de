/**
 * The providers the app's root gives every screen, set up in one place for unit tests: Mantine with
 * the app's theme, a React Query client and, when a test asks for it, a router. A test then says
 * only what it renders and at which address, and a change to the app's providers is made here once.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../query-client';
import { theme } from '../theme';

export interface ProviderOptions {
  /** The address a MemoryRouter starts at. Without it there is no router: a test may bring its own. */
  route?: string;
  /** A client the test seeds or looks into; a new one otherwise. */
  client?: QueryClient;
}

/** The providers as a `wrapper`, for `renderHook` (and `render`). */
export function providers({ route, client = createQueryClient() }: ProviderOptions = {}) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          {route === undefined ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}
        </QueryClientProvider>
      </MantineProvider>
    );
  };
}

/** Renders `ui` inside the providers; `rerender` keeps them. */
export function renderWithProviders(
  ui: ReactNode,
  { route, client = createQueryClient() }: ProviderOptions = {},
): RenderResult & { client: QueryClient } {
  return Object.assign(render(ui, { wrapper: providers({ route, client }) }), { client });
}
