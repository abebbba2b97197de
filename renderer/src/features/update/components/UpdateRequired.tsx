import { Anchor, Button, Center, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import type { DesktopUpdateState } from '@shared/desktop-bridge';
import { clientUpdateAtom, requiredUpdate, type RequiredUpdate } from '../../../domain/client-update';
import { useAppUpdate } from '../../../lib/app-update';
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
  updater = null,
  onInstall,
}: {
  update: RequiredUpdate;
  onOpen: (url: string) => void;
  /** The desktop app's own updater (docs/desktop.md, "Updates"); null elsewhere or while unknown. */
  updater?: DesktopUpdateState | null;
  onInstall?: () => void;
}) {
  const downloading = updater?.status === 'downloading' || updater?.status === 'available';
  const ready = updater?.status === 'downloaded' && onInstall !== undefined;
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
          {ready ? (
            <>
              <Text c="dark.1">Spar {updater.version} is downloaded and ready to install.</Text>
              <Button size="md" color="spar" onClick={onInstall}>
                Restart to update
              </Button>
            </>
          ) : downloading ? (
            <Stack w="100%" gap={6}>
              <Text c="dark.1">
                Downloading Spar {updater.version ?? ''}… {Math.round(updater.percent ?? 0)}%
              </Text>
              <Progress value={updater.percent ?? 0} color="spar" aria-label="Update download" animated />
            </Stack>
          ) : (
            <>
              <Text c="dark.1">{HOW[update.channel]}</Text>
              <Button
                size="md"
                color="spar"
                leftSection={<IconDownload size={18} />}
                onClick={() => onOpen(update.url)}
              >
                Get the update
              </Button>
            </>
          )}
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
  platform?: Pick<Platform, 'updateChannel' | 'openExternal' | 'appUpdates'>;
}) {
  const update = requiredUpdate(useAtomValue(clientUpdateAtom), platform);
  const { appUpdates } = platform;
  const updater = useAppUpdate(appUpdates);
  const minimum = update?.minimum ?? null;
  // The desktop app's updater learns the minimum too: it checks at once and downloads what it
  // finds, so the player can restart into the new version without a trip to the download page.
  useEffect(() => {
    if (minimum && appUpdates) void appUpdates.setMinimumVersion(minimum).catch(() => undefined);
  }, [minimum, appUpdates]);
  if (!update) return children;
  return (
    <UpdateRequiredScreen
      update={update}
      onOpen={(url) => platform.openExternal(url)}
      updater={updater}
      onInstall={appUpdates ? () => void appUpdates.install().catch(() => undefined) : undefined}
    />
  );
}
