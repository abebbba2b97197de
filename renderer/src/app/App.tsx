import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { installAudio } from '../lib/audio';
import { watchClientUpdate } from '../domain/client-update';
import { watchForNotifications } from '../domain/native-notifications';
import { UpdateRequiredGate } from '../features/update/components/UpdateRequired';
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
  // Desktop and mobile apps: is this version still served? (docs/protocol.md, "Minimum client version")
  useEffect(() => watchClientUpdate(socket), []);
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <PlatformNavigation />
          <UpdateRequiredGate>
            <AppRoutes />
          </UpdateRequiredGate>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
