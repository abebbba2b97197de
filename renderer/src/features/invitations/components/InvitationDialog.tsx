import { Button, Group, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PRIVATE_INVITE_SECONDS } from '@shared/constants';
import { AnswerDialog, TimeLeft, useNow } from '../../../components/AnswerDialog';
import { PATHS } from '../../../lib/paths';
import { socket } from '../../../lib/realtime';
import { invitationAtom, type Invitation } from '../hooks/useInvitations';

/** The invitation to a friend's private game, over any screen but that game's own table. */
export function InvitationDialog() {
  const invitation = useAtomValue(invitationAtom);
  const setInvitation = useSetAtom(invitationAtom);
  const { pathname } = useLocation();
  const atItsTable = invitation !== null && pathname === PATHS.game(invitation.gameId);
  // Whoever reached the table has answered: joining it is accepting.
  useEffect(() => {
    if (atItsTable) setInvitation(null);
  }, [atItsTable, setInvitation]);
  if (!invitation || atItsTable) return null;
  // A fresh body per invitation, so its countdown starts from that invitation's deadline.
  return <InvitationDialogBody key={invitation.gameId} invitation={invitation} />;
}

function InvitationDialogBody({ invitation }: { invitation: Invitation }) {
  const setInvitation = useSetAtom(invitationAtom);
  const navigate = useNavigate();
  const now = useNow(250);

  // The server ends the invitation when it lapses (GAME_INVITATION_CANCELLED closes this dialog);
  // the countdown only shows how long is left.
  const fullMs = PRIVATE_INVITE_SECONDS * 1000;
  const remainingMs = Math.min(fullMs, Math.max(0, invitation.expiresAt - now));

  const accept = () => {
    setInvitation(null);
    navigate(PATHS.game(invitation.gameId));
  };
  const decline = () => {
    socket.send({ type: 'DECLINE_GAME_INVITATION', gameId: invitation.gameId });
    setInvitation(null);
  };

  return (
    <AnswerDialog title="Game invitation">
      <Stack gap="md">
        <Text>
          <Text span fw={700} c="accent.3">
            {invitation.from.username}
          </Text>{' '}
          challenges you to a private game. It counts for neither rating.
        </Text>
        <TimeLeft
          remainingMs={remainingMs}
          fullMs={fullMs}
          urgentSeconds={15}
          label="Time left to answer"
          transitionDuration={250}
        />
        <Group grow>
          <Button variant="default" onClick={decline}>
            Decline
          </Button>
          <Button color="spar" c="dark.9" onClick={accept} data-autofocus>
            Accept
          </Button>
        </Group>
      </Stack>
    </AnswerDialog>
  );
}
