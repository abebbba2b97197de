import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { installAudio } from '../lib/audio';
import { watchForNotifications } from '../domain/native-notifications';
import { createQueryClient } from '../lib/query-client';
import { socket } from '../lib/realtime';
import { platform } from '../platform';
import { AppRoutes } from './routes';
import { theme } from '../lib/theme';

/** Deep links, notification clicks and the desktop menu open their routes in the app. */
function PlatformNavigation() {
  const navigate = useNavigate();
  useEffect(() => platform.onNavigate((route) => void navigate(route)), [navigate]);
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => installAudio(), []);
  useEffect(() => watchForNotifications(socket), []);
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <PlatformNavigation />
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
