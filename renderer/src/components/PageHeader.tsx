import { Box, Container, Group, Text, Title, type MantineSize } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { IconLinkButton } from './IconLinkButton';
import { platform, type Platform } from '../platform';

const BROWSER_PADDING_PX = 16;
const NATIVE_FALLBACK_PADDING_PX = 50;
const STATUS_BAR_EXTRA_PX = 5;
/** How far the page scrolls before the header gets its backdrop. */
const SCROLL_THRESHOLD_PX = 10;

/**
 * Top padding: 16 px in the browser (and the desktop window); on a phone the status bar + 5 px
 * (fallback 50 px). See docs/mobile.md, "Status bar".
 */
export function headerTopPadding(
  target: Pick<Platform, 'hasStatusBar' | 'statusBarHeight'> = platform,
): number {
  if (!target.hasStatusBar) return BROWSER_PADDING_PX;
  const bar = target.statusBarHeight();
  return bar === null ? NATIVE_FALLBACK_PADDING_PX : bar + STATUS_BAR_EXTRA_PX;
}

interface PageHeaderProps {
  title: string;
  backTo?: string;
  right?: React.ReactNode;
  /** The width of the page's content column, so the title lines up with it (default 'md'). */
  size?: MantineSize;
}

/** Reusable page header: back button, the first title word in the primary colour, the rest in the accent. */
export function PageHeader({ title, backTo, right, size = 'md' }: PageHeaderProps) {
  const [scroll] = useWindowScroll();
  const scrolled = scroll.y > SCROLL_THRESHOLD_PX;
  const [first, ...rest] = title.split(' ');
  return (
    <Box
      component="header"
      data-scrolled={scrolled || undefined}
      pos="sticky"
      top={0}
      style={{
        zIndex: 50,
        paddingTop: headerTopPadding(),
        paddingBottom: 12,
        transition: 'background-color 200ms ease, box-shadow 200ms ease, backdrop-filter 200ms ease',
        backgroundColor: scrolled ? 'rgba(14, 22, 19, 0.85)' : 'transparent',
        backdropFilter: scrolled ? 'blur(10px)' : undefined,
        boxShadow: scrolled ? '0 6px 20px rgba(0, 0, 0, 0.35)' : undefined,
      }}
    >
      <Container size={size}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {backTo && <IconLinkButton to={backTo} size="lg" icon={IconArrowLeft} label="Back" />}
            <Title order={1} size="h3">
              <Text span inherit c="spar.5">
                {first}
              </Text>
              {rest.length > 0 && (
                <Text span inherit c="accent.4">
                  {' '}
                  {rest.join(' ')}
                </Text>
              )}
            </Title>
          </Group>
          {right}
        </Group>
      </Container>
    </Box>
  );
}
