import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { MATCH_ACCEPT_SECONDS } from '@shared/constants';
import { AnswerDialog, TimeLeft, useNow } from '../../../components/AnswerDialog';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { socket } from '../../../lib/realtime';
import { toast } from '../../../lib/toast';
import { matchAtom, type MatchState } from '../../../domain/queue';
import { playUiSound } from '../../../lib/sounds';

const withClick = (action: () => void) => () => {
  playUiSound('click');
  action();
};

/** The match-found dialog, over any screen. */
export function MatchDialog({ userId }: { userId: number | null }) {
  const match = useAtomValue(matchAtom);
  if (!match || userId === null) return null;
  // A fresh body per match, so its countdown starts from that match's deadline.
  return <MatchDialogBody key={match.token} match={match} userId={userId} />;
}

function MatchDialogBody({ match, userId }: { match: MatchState; userId: number }) {
  const setMatch = useSetAtom(matchAtom);
  const now = useNow(100);

  const remainingMs = Math.max(0, match.expiresAt - now);

  useEffect(() => {
    if (match.accepted || remainingMs > 0) return;
    // Expiry counts as declining: tell the server, reset the dialog, say why.
    socket.send({ type: 'REJECT_MATCH', token: match.token, userId });
    setMatch(null);
    toast({ title: 'Match Expired', description: 'The match was not accepted in time.', variant: 'warning' });
  }, [match, remainingMs, userId, setMatch]);

  const accept = () => {
    socket.send({ type: 'ACCEPT_MATCH', token: match.token, userId });
    setMatch({ ...match, accepted: true });
  };
  const decline = () => {
    socket.send({ type: 'REJECT_MATCH', token: match.token, userId });
    setMatch(null);
  };

  return (
    <AnswerDialog title="Match found!">
      <Stack gap="md">
        {match.opponents.length === 1 ? (
          <Group gap="sm" wrap="nowrap">
            <PlayerAvatar
              username={match.opponents[0]!.username}
              avatarUrl={match.opponents[0]!.avatarUrl}
              size={40}
              color="accent"
              variant="light"
            />
            <Text>
              Your opponent:{' '}
              <Text span fw={700} c="accent.3">
                {match.opponents[0]!.username}
              </Text>
            </Text>
          </Group>
        ) : (
          <Stack gap={6}>
            <Text>Your opponents ({match.opponents.length + 1}-player table):</Text>
            <Stack component="ul" aria-label="Opponents" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {match.opponents.map((o, i) => (
                <Group component="li" key={i} gap="sm" wrap="nowrap">
                  <PlayerAvatar
                    username={o.username}
                    avatarUrl={o.avatarUrl}
                    size={32}
                    color="accent"
                    variant="light"
                  />
                  <Text span fw={700} c="accent.3">
                    {o.username}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        )}
        <TimeLeft
          remainingMs={remainingMs}
          fullMs={MATCH_ACCEPT_SECONDS * 1000}
          urgentSeconds={10}
          label="Time left to accept"
          transitionDuration={100}
        />
        {match.accepted ? (
          <Group justify="center" gap="xs">
            <Loader size="sm" color="accent" />
            <Text>
              {match.opponents.length === 1
                ? 'Waiting for the other player...'
                : 'Waiting for the other players...'}
            </Text>
          </Group>
        ) : (
          <Group grow>
            <Button variant="default" onClick={withClick(decline)}>
              Decline
            </Button>
            <Button color="spar" c="dark.9" onClick={withClick(accept)} data-autofocus>
              Accept
            </Button>
          </Group>
        )}
      </Stack>
    </AnswerDialog>
  );
}
