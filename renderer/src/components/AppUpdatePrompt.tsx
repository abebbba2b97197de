import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { DesktopUpdateState } from '@shared/desktop-bridge';
import { FloatingNotice } from './FloatingNotice';
import { useAppUpdate } from '../lib/app-update';
import type { AppUpdates } from '../platform';

export const REQUIRED_MESSAGE = 'This version of Spar is no longer supported. Update to keep playing.';

/** What the prompt says for a state, or null when it stays out of the way. */
function content(state: DesktopUpdateState): { title: string; detail: string | null } | null {
  const name = state.version ? `Spar ${state.version}` : 'The new version of Spar';
  switch (state.status) {
    case 'available':
    case 'downloading':
      return { title: `Downloading ${name}… ${state.percent ?? 0}%`, detail: null };
    case 'downloaded':
      return { title: `${name} is ready`, detail: null };
    case 'error':
      // Quietly: a failed check only matters to a player who must update.
      return state.required ? { title: 'The update could not be downloaded', detail: state.message } : null;
    default:
      return null;
  }
}

/**
 * The desktop app's update prompt (docs/desktop.md, "Updates"): the download's progress, then
 * "Restart to update". Bottom centre, above the bottom tabs where they show. The player may put
 * it off ("Later") unless the server requires a newer version; failures show only then.
 */
export function AppUpdatePrompt({ updates }: { updates: AppUpdates }) {
  const state = useAppUpdate(updates);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [restarting, setRestarting] = useState(false);
  if (!state) return null;
  const shown = content(state);
  const key = `${state.status}:${state.version ?? ''}`;
  if (!shown || (!state.required && dismissed === key)) return null;
  const downloading = state.status === 'available' || state.status === 'downloading';
  return (
    <FloatingNotice
      width={28}
      aria-label="Update"
      icon={downloading ? <IconDownload size={18} /> : <IconRefresh size={18} />}
      color={state.status === 'error' ? 'red' : 'spar'}
      withCloseButton={!state.required}
      onClose={() => setDismissed(key)}
      closeButtonProps={{ 'aria-label': 'Later' }}
    >
      <Stack gap={6}>
        {state.required && (
          <Text size="sm" c="dimmed">
            {REQUIRED_MESSAGE}
          </Text>
        )}
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" fw={600}>
            {shown.title}
          </Text>
          {state.status === 'downloaded' && (
            <Button
              size="xs"
              color="spar"
              loading={restarting}
              onClick={() => {
                setRestarting(true);
                updates.install().catch(() => setRestarting(false));
              }}
            >
              Restart to update
            </Button>
          )}
          {state.status === 'error' && (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => void updates.check().catch(() => undefined)}
            >
              Try again
            </Button>
          )}
        </Group>
        {downloading && (
          <Progress
            value={state.percent ?? 0}
            size="sm"
            color="spar"
            aria-label="Download progress"
            animated
          />
        )}
        {shown.detail && (
          <Text size="xs" c="dimmed">
            {shown.detail}
          </Text>
        )}
      </Stack>
    </FloatingNotice>
  );
}
