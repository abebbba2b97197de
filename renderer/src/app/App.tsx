import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { installAudio } from '../lib/audio';
import { watchForNotifications } from '../lib/native-notifications';
import { createQueryClient } from '../lib/query-client';
import { socket } from '../lib/realtime';
import { platform } from '../platform';
import { createRouter } from './routes';
import { theme } from '../lib/theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  useEffect(() => installAudio(), []);
  useEffect(() => watchForNotifications(socket), []);
  // Deep links, notification clicks and the desktop menu open their routes in the app.
  useEffect(() => platform.onNavigate((route) => void router.navigate(route)), [router]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
