import { Box, Group, Indicator, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconCards, IconDeviceTv, IconUser, IconUsers } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { BOTTOM_TABS, PATHS, bottomTabOf, showsBottomNav } from '../lib/paths';
import { useSession } from '../lib/session/useSession';
import { playUiSound } from '../lib/sounds';

/** How each of the bottom tabs (`BOTTOM_TABS`, in their order) looks: one entry per tab, checked by the type. */
const FACES: Record<(typeof BOTTOM_TABS)[number], { label: string; icon: typeof IconUser }> = {
  [PATHS.shop]: { label: 'Shop', icon: IconBuildingStore },
  [PATHS.watch]: { label: 'Watch', icon: IconDeviceTv },
  [PATHS.games]: { label: 'Games', icon: IconCards },
  [PATHS.messages]: { label: 'Friends', icon: IconUsers },
  [PATHS.profile]: { label: 'Profile', icon: IconUser },
};

const TABS = BOTTOM_TABS.map((to) => ({ to, ...FACES[to] }));

export const BOTTOM_NAV_HEIGHT = 64;

/**
 * The five tabs, shown where `showsBottomNav` allows, the current one (`bottomTabOf`) lit; tapping
 * one plays the navigation sound. The Friends tab carries `unread`, the number of unread chat
 * messages (the layout reads it: a component reads no server data).
 */
export function BottomNav({ unread }: { unread: number }) {
  const { pathname, search } = useLocation();
  const { user } = useSession();
  if (!showsBottomNav(pathname)) return null;
  const current = bottomTabOf(pathname, search, user?.id ?? null);
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
        {TABS.map(({ label, to, icon: Icon }) => {
          const isActive = to === current;
          return (
            <UnstyledButton
              key={to}
              component={Link}
              to={to}
              aria-current={isActive ? 'page' : undefined}
              onClick={() => playUiSound('navigation')}
              style={{ flex: 1, textAlign: 'center' }}
              py={6}
            >
              <Box c={isActive ? 'spar.5' : 'dark.1'} style={{ transition: 'color 150ms ease' }}>
                <Indicator
                  label={unread > 99 ? '99+' : unread}
                  size={16}
                  color="red"
                  offset={2}
                  disabled={to !== PATHS.messages || unread === 0}
                  display="block"
                  w="fit-content"
                  mx="auto"
                  aria-label={
                    to === PATHS.messages && unread > 0
                      ? `${unread} unread message${unread === 1 ? '' : 's'}`
                      : undefined
                  }
                >
                  <Icon size={22} stroke={isActive ? 2.2 : 1.6} style={{ display: 'block' }} />
                </Indicator>
                <Text size="xs" fw={isActive ? 700 : 500} mt={2}>
                  {label}
                </Text>
              </Box>
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
