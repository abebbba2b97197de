import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { installAudio } from '../lib/audio';
import { createQueryClient } from '../lib/query-client';
import { createRouter } from './routes';
import { theme } from '../lib/theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  useEffect(() => installAudio(), []);
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
