import { Button, Group, Notification, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { BOTTOM_NAV_HEIGHT } from './BottomNav';
import { showsBottomNav } from '../lib/paths';
import { dismissUpdate, pendingUpdateAtom } from '../lib/pwa/update';

export const UPDATE_MESSAGE = 'A new version of Spar is available';

/**
 * "A new version of Spar is available" with Reload, while a newer build's service worker waits
 * (lib/pwa). Bottom centre, above the bottom tabs where they show; closing it keeps the running
 * version until the next visit.
 */
export function UpdatePrompt() {
  const update = useAtomValue(pendingUpdateAtom);
  const { pathname } = useLocation();
  const [reloading, setReloading] = useState(false);
  if (!update) return null;
  const bottom = (showsBottomNav(pathname) ? BOTTOM_NAV_HEIGHT : 0) + 12;
  return (
    <Notification
      role="status"
      icon={<IconRefresh size={18} />}
      color="spar"
      withBorder
      onClose={dismissUpdate}
      closeButtonProps={{ 'aria-label': 'Not now' }}
      pos="fixed"
      left="50%"
      bottom={bottom}
      w="min(26rem, calc(100vw - 1.5rem))"
      style={{ transform: 'translateX(-50%)', zIndex: 1000 }}
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
    </Notification>
  );
}
