import { Box } from '@mantine/core';
import { useConnectionView } from '../lib/connection-state';
import { socket } from '../lib/realtime';
import { ConnectionIndicator } from './ConnectionIndicator';
import { ConnectionNotice, isConnectionProblem } from './ConnectionNotice';

/**
 * The header's connection state on every page: the dot in the top-right corner while all is well,
 * the notice (Offline, Reconnecting…, Can't reach Spar with Retry) when not. Signed out there is no
 * socket, so only a missing network is worth a word; in the game room the table shows each
 * player's connection and its toolbar owns the corner, so the dot is left out there.
 */
export function ConnectionStatus({ signedIn, inGameRoom }: { signedIn: boolean; inGameRoom: boolean }) {
  const view = useConnectionView();
  if (isConnectionProblem(view) && (signedIn || view === 'offline'))
    return <ConnectionNotice view={view} floating={inGameRoom} onRetry={() => socket.reconnectNow()} />;
  if (!signedIn || inGameRoom) return null;
  return (
    <Box pos="fixed" top={10} right={12} style={{ zIndex: 60 }}>
      <ConnectionIndicator />
    </Box>
  );
}
