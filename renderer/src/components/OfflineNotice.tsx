import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../lib/paths';

/**
 * What an online-only page shows while the device has no network: why it is unavailable and that
 * it comes back by itself, instead of a spinner or error toasts. `what` starts the sentence
 * ("The shop").
 */
export function OfflineNotice({ what }: { what: string }) {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md" role="status">
        <ThemeIcon size={64} radius="xl" variant="light" color="spar">
          <IconWifiOff size={34} />
        </ThemeIcon>
        <Title order={2} size="h3">
          You&apos;re offline
        </Title>
        <Text c="dark.1" maw={420}>
          {what} needs a connection. It will load when you&apos;re back online.
        </Text>
        <Button component={Link} to={PATHS.home} variant="light" color="spar">
          Back home
        </Button>
      </Stack>
    </Container>
  );
}
