import { MantineProvider } from '@mantine/core';
import { LandingPage } from '../features/landing/components/LandingPage';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
      <LandingPage />
    </MantineProvider>
  );
}
