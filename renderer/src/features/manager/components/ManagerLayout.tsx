import { ActionIcon, Box, Drawer, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconGift,
  IconCoins,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconListDetails,
  IconShoppingBag,
  IconTrophy,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import {
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_COLLAPSED,
  SIDEBAR_WIDTH_MOBILE,
  type SidebarState,
} from '../hooks/useSidebar';

export const SECTIONS = [
  { key: 'rewards', label: 'Daily rewards', icon: IconGift },
  { key: 'shop', label: 'Shop items', icon: IconShoppingBag },
  { key: 'tournaments', label: 'Tournaments', icon: IconTrophy },
  { key: 'adjust', label: 'Adjustments', icon: IconCoins },
  { key: 'audit', label: 'Audit log', icon: IconListDetails },
] as const;
export type SectionKey = (typeof SECTIONS)[number]['key'];

function SidebarNav({
  collapsed,
  section,
  onPick,
}: {
  collapsed: boolean;
  section: SectionKey;
  onPick: (key: SectionKey) => void;
}) {
  // Collapsed, each icon keeps its name for screen readers (aria-label) and the pointer (title).
  const item = (key: SectionKey, label: string, Icon: typeof IconCoins) => (
    <NavLink
      key={key}
      component="button"
      active={key === section}
      aria-current={key === section ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
      title={collapsed ? label : undefined}
      onClick={() => onPick(key)}
      leftSection={<Icon size={20} />}
      label={collapsed ? null : label}
      px={collapsed ? 12 : undefined}
      style={{ borderRadius: 8 }}
    />
  );
  return (
    <Stack gap={4} h="100%" justify="space-between">
      <Stack gap={4}>{SECTIONS.map((s) => item(s.key, s.label, s.icon))}</Stack>
      <NavLink
        component={Link}
        to={PATHS.games}
        aria-label={collapsed ? 'Back to the games' : undefined}
        title={collapsed ? 'Back to the games' : undefined}
        leftSection={<IconArrowLeft size={20} />}
        label={collapsed ? null : 'Back to the games'}
        px={collapsed ? 12 : undefined}
        style={{ borderRadius: 8 }}
      />
    </Stack>
  );
}

interface ManagerLayoutProps {
  sidebar: SidebarState;
  section: SectionKey;
  onSection: (key: SectionKey) => void;
  children: React.ReactNode;
}

/**
 * The staff area's frame: a sidebar (16rem, 3rem collapsed; an 18rem sheet on narrow screens) and
 * the section. See docs/design.md, "Staff area".
 */
export function ManagerLayout({ sidebar, section, onSection, children }: ManagerLayoutProps) {
  const { mobile, expanded, openMobile, setOpenMobile, toggle } = sidebar;
  const open = mobile ? openMobile : expanded;
  return (
    // The area has the whole window: the app's bottom tabs are not shown here (showsBottomNav).
    <Box style={{ display: 'flex', minHeight: '100dvh' }}>
      {!mobile && (
        <Box
          component="nav"
          aria-label="Staff area"
          data-testid="sidebar"
          data-state={expanded ? 'expanded' : 'collapsed'}
          w={expanded ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED}
          px={expanded ? 'sm' : 4}
          pt="md"
          pb="sm"
          style={{
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100dvh',
            overflow: 'hidden',
            transition: 'width 200ms ease',
            borderRight: '1px solid var(--mantine-color-dark-5)',
            background: 'var(--mantine-color-dark-8)',
          }}
        >
          <SidebarNav collapsed={!expanded} section={section} onPick={onSection} />
        </Box>
      )}
      {mobile && (
        <Drawer
          opened={openMobile}
          onClose={() => setOpenMobile(false)}
          size={SIDEBAR_WIDTH_MOBILE}
          title="Staff area"
          data-testid="sidebar-sheet"
        >
          <nav aria-label="Staff area">
            <SidebarNav
              collapsed={false}
              section={section}
              onPick={(key) => {
                onSection(key);
                setOpenMobile(false);
              }}
            />
          </nav>
        </Drawer>
      )}
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group
          component="header"
          gap="sm"
          wrap="nowrap"
          px="md"
          py="sm"
          pr={72}
          style={{ borderBottom: '1px solid var(--mantine-color-dark-5)' }}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Toggle sidebar"
            aria-expanded={open}
            title="Toggle sidebar (Ctrl/Cmd+B)"
            onClick={toggle}
          >
            {open ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
          </ActionIcon>
          <Title order={1} size="h4">
            <Text span inherit c="spar.5">
              Staff
            </Text>{' '}
            <Text span inherit c="accent.4">
              area
            </Text>
          </Title>
        </Group>
        <Box p="md">{children}</Box>
      </Box>
    </Box>
  );
}
