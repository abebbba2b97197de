import { Box, Button, Group, Loader, Text } from '@mantine/core';
import { IconPlugConnectedX, IconWifiOff } from '@tabler/icons-react';
import type { ConnectionView } from '../lib/connection-state';

type Problem = Exclude<ConnectionView, 'online' | 'connecting'>;

const TONES: Record<Problem, { color: string; title: string; detail: string }> = {
  offline: {
    color: 'gray',
    title: 'Offline',
    detail: 'Spar reconnects when your network returns',
  },
  reconnecting: {
    color: 'yellow',
    title: 'Reconnecting…',
    detail: 'Your moves wait until Spar is back',
  },
  unreachable: {
    color: 'red',
    title: "Can't reach Spar",
    // The product's words for a connection that failed (its 'Connection Error' notice).
    detail: 'Failed to connect to server. Please try again.',
  },
};

export function isConnectionProblem(view: ConnectionView): view is Problem {
  return view in TONES;
}

/**
 * The header's word on a connection that is not working: Offline (no network), Reconnecting…
 * (attempts run), or Can't reach Spar with Retry (the attempts ran out). One slim line above the
 * page, or over the table as a pill (`floating`), where the game room's toolbar owns the top. Its
 * second half shows from the `sm` breakpoint, so a 360 px phone gets one short line.
 * See docs/design.md, "The socket that comes back".
 */
export function ConnectionNotice({
  view,
  floating = false,
  onRetry,
}: {
  view: Problem;
  floating?: boolean;
  onRetry(): void;
}) {
  const tone = TONES[view];
  const c = tone.color;
  return (
    <Box
      role="status"
      aria-label={`Connection: ${tone.title}`}
      data-state={view}
      py={4}
      px="sm"
      style={{
        // The tone over an opaque ground, so the pill reads as well over the felt as over the page.
        backgroundColor: 'var(--mantine-color-dark-7)',
        backgroundImage: `linear-gradient(var(--mantine-color-${c}-light), var(--mantine-color-${c}-light))`,
        borderStyle: 'solid',
        borderColor: `var(--mantine-color-${c}-8)`,
        borderWidth: floating ? 1 : '0 0 1px',
        ...(floating
          ? {
              position: 'fixed',
              top: 50,
              left: '50%',
              transform: 'translateX(-50%)',
              zIndex: 60,
              borderRadius: 'var(--mantine-radius-xl)',
              maxWidth: 'calc(100vw - 16px)',
            }
          : {}),
      }}
    >
      <Group gap="xs" wrap="nowrap" justify="center">
        {view === 'reconnecting' ? (
          <Loader size={14} color={c} />
        ) : view === 'offline' ? (
          <IconWifiOff size={16} color={`var(--mantine-color-${c}-4)`} style={{ flexShrink: 0 }} />
        ) : (
          <IconPlugConnectedX size={16} color={`var(--mantine-color-${c}-4)`} style={{ flexShrink: 0 }} />
        )}
        <Text size="sm" miw={0} truncate="end" c={`${c}.1`}>
          <Text span inherit fw={700} c={`${c}.4`}>
            {tone.title}
          </Text>
          <Text span inherit visibleFrom="sm">
            {' '}
            · {tone.detail}
          </Text>
        </Text>
        {view === 'unreachable' && (
          <Button size="compact-sm" variant="light" color={c} style={{ flexShrink: 0 }} onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    </Box>
  );
}
