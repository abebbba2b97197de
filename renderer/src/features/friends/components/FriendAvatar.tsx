import { Avatar, Indicator } from '@mantine/core';
import { initials } from '../../../lib/initials';

/** A player's initials, with a green dot when they are online (friends only). */
export function FriendAvatar({ username, online }: { username: string; online?: boolean }) {
  const avatar = (
    <Avatar radius="xl" color="spar" variant="filled" aria-hidden>
      {initials(username)}
    </Avatar>
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
