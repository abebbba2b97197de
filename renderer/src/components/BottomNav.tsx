import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconCards, IconDeviceTv, IconUser, IconUsers } from '@tabler/icons-react';
import { NavLink, useLocation } from 'react-router';
import { PATHS, showsBottomNav } from '../lib/paths';
import { playUiSound } from '../lib/sounds';

const TABS = [
  { label: 'Shop', to: PATHS.shop, icon: IconBuildingStore },
  { label: 'Watch', to: PATHS.watch, icon: IconDeviceTv },
  { label: 'Games', to: PATHS.games, icon: IconCards },
  { label: 'Friends', to: PATHS.messages, icon: IconUsers },
  { label: 'Profile', to: PATHS.profile, icon: IconUser },
] as const;

export const BOTTOM_NAV_HEIGHT = 64;

/** The five tabs, shown where `showsBottomNav` allows; tapping one plays the navigation sound. */
export function BottomNav() {
  const { pathname } = useLocation();
  if (!showsBottomNav(pathname)) return null;
  return (
    <Box
      component="nav"
      aria-label="Main"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      h={BOTTOM_NAV_HEIGHT}
      style={{
        zIndex: 100,
        background: 'rgba(11, 17, 15, 0.94)',
        backdropFilter: 'blur(12px)',
        borderTop: '1px solid var(--mantine-color-dark-5)',
        paddingBottom: 'env(safe-area-inset-bottom)',
      }}
    >
      <Group h="100%" justify="space-around" gap={0} maw={640} mx="auto" wrap="nowrap">
        {TABS.map(({ label, to, icon: Icon }) => (
          <UnstyledButton
            key={to}
            component={NavLink}
            to={to}
            onClick={() => playUiSound('navigation')}
            style={{ flex: 1, textAlign: 'center' }}
            py={6}
          >
            {({ isActive }: { isActive: boolean }) => (
              <Box c={isActive ? 'spar.5' : 'dark.1'} style={{ transition: 'color 150ms ease' }}>
                <Icon
                  size={22}
                  stroke={isActive ? 2.2 : 1.6}
                  style={{ display: 'block', margin: '0 auto' }}
                />
                <Text size="xs" fw={isActive ? 700 : 500} mt={2}>
                  {label}
                </Text>
              </Box>
            )}
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}
