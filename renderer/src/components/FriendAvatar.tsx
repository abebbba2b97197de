import { Indicator } from '@mantine/core';
import { PlayerAvatar } from './PlayerAvatar';

/** A player's avatar (or initials), with a green dot when they are online (friends only). */
export function FriendAvatar({
  username,
  avatarUrl,
  online,
}: {
  username: string;
  avatarUrl: string | null;
  online?: boolean;
}) {
  const avatar = (
    <PlayerAvatar
      username={username}
      avatarUrl={avatarUrl}
      alt=""
      color="spar"
      variant="filled"
      aria-hidden
    />
  );
  if (online === undefined) return avatar;
  return (
    <Indicator
      color={online ? 'teal' : 'gray'}
      size={12}
      offset={5}
      position="bottom-end"
      withBorder
      data-online={online}
    >
      {avatar}
    </Indicator>
  );
}
