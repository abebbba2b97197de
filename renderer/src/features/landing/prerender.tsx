/**
 * The landing page as a signed-out visitor first sees it, rendered to HTML at build time
 * (build/vite/first-paint.ts writes it into index.html). Signed out: the prerender is shown only
 * to a browser holding no session (shared/first-paint.ts).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { PATHS } from '../../lib/paths';
import { userQueryKey } from '../../lib/session/user';
import { theme } from '../../lib/theme';
import { LandingPage } from './components/LandingPage';

export function renderLandingPage(): string {
  const client = new QueryClient();
  client.setQueryData(userQueryKey, null);
  return renderToString(
    <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[PATHS.home]}>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
