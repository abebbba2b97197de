import { Anchor, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { clientUpdateAtom, requiredUpdate, type RequiredUpdate } from '../../../domain/client-update';
import { platform as appPlatform, type Platform } from '../../../platform';

/** What to do, said for where this app came from. */
const HOW: Record<RequiredUpdate['channel'], string> = {
  desktop: 'Download and install the new version, then open Spar again.',
  android: 'Update Spar from Google Play, then open it again.',
  ios: 'Update Spar from the App Store, then open it again.',
};

/** The address as a player reads it: host and path, without the scheme. */
function shownAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return (parsed.host + parsed.pathname).replace(/\/$/, '') + parsed.search;
  } catch {
    return url;
  }
}

/**
 * "Update required": this desktop or mobile app is older than the server's minimum client version
 * and plays no more until it is updated. It fills the window; the one way on is the update's
 * address, opened outside the app. See docs/protocol.md, "Minimum client version".
 */
export function UpdateRequiredScreen({
  update,
  onOpen,
}: {
  update: RequiredUpdate;
  onOpen: (url: string) => void;
}) {
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder radius="lg" p="xl" maw={440} w="100%" bg="dark.7">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="accent">
            <IconDownload size={34} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Update required
          </Title>
          <Text c="dark.1">
            This version of Spar ({update.version}) is no longer supported. Version {update.minimum} or newer
            is needed to keep playing.
          </Text>
          <Text c="dark.1">{HOW[update.channel]}</Text>
          <Button
            size="md"
            color="spar"
            leftSection={<IconDownload size={18} />}
            onClick={() => onOpen(update.url)}
          >
            Get the update
          </Button>
          <Anchor
            href={update.url}
            size="sm"
            c="dark.2"
            onClick={(event) => {
              event.preventDefault();
              onOpen(update.url);
            }}
          >
            {shownAddress(update.url)}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * The app's pages, or "Update required" instead of all of them while the server's minimum is above
 * this desktop or mobile app's version. The web app never sees it (no update channel).
 */
export function UpdateRequiredGate({
  children,
  platform = appPlatform,
}: {
  children: ReactNode;
  platform?: Pick<Platform, 'updateChannel' | 'openExternal'>;
}) {
  const update = requiredUpdate(useAtomValue(clientUpdateAtom), platform);
  if (!update) return children;
  return <UpdateRequiredScreen update={update} onOpen={(url) => platform.openExternal(url)} />;
}
