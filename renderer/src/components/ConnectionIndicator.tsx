import { Box } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { socketStatusAtom } from '../lib/realtime';

/**
 * A small dot while the connection is fine or first opening: green when signed in on the socket
 * (amber/red by measured quality), amber while connecting. Anything worse is ConnectionNotice's.
 */
export function ConnectionIndicator() {
  const status = useAtomValue(socketStatusAtom);
  const online = status.connection === 'connected' && status.auth === 'authenticated';
  const color = !online
    ? 'var(--mantine-color-yellow-5)'
    : status.quality === 'poor'
      ? 'var(--mantine-color-red-6)'
      : status.quality === 'fair'
        ? 'var(--mantine-color-yellow-5)'
        : 'var(--mantine-color-green-5)';
  const label = online
    ? `Connected${status.latency !== null ? ` · ${status.latency} ms` : ''}`
    : 'Connecting…';
  return (
    // A native title rather than a Mantine Tooltip: the dot is on every page, and the tooltip
    // library would add ~20 KB to the first download.
    <Box
      role="status"
      title={label}
      aria-label={`Connection: ${label}`}
      data-state={online ? 'online' : 'connecting'}
      w={10}
      h={10}
      style={{ borderRadius: '50%', background: color, boxShadow: `0 0 8px ${color}` }}
    />
  );
}
