import { Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FloatingNotice } from './FloatingNotice';
import { dismissUpdate, pendingUpdateAtom } from '../lib/pwa/update';

export const UPDATE_MESSAGE = 'A new version of Spar is available';

/**
 * "A new version of Spar is available" with Reload, while a newer build's service worker waits
 * (lib/pwa). Bottom centre, above the bottom tabs where they show; closing it keeps the running
 * version until the next visit.
 */
export function UpdatePrompt() {
  const update = useAtomValue(pendingUpdateAtom);
  const [reloading, setReloading] = useState(false);
  if (!update) return null;
  return (
    <FloatingNotice
      width={26}
      icon={<IconRefresh size={18} />}
      color="spar"
      onClose={dismissUpdate}
      closeButtonProps={{ 'aria-label': 'Not now' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600}>
          {UPDATE_MESSAGE}
        </Text>
        <Button
          size="xs"
          color="spar"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            update.apply();
          }}
        >
          Reload
        </Button>
      </Group>
    </FloatingNotice>
  );
}
