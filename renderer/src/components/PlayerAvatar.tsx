import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '../lib/initials';

interface PlayerAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children' | 'name'> {
  username: string;
  /** The image's text; "<username>'s avatar" unless given. */
  alt?: string;
  /** The avatar the player chose; null (or an image that fails to load) shows their initials. */
  avatarUrl: string | null | undefined;
}

/**
 * A player's avatar wherever they appear: the image they chose, else the first two letters of
 * their name. Mantine's Avatar swaps a broken image for its children, which are the initials.
 * See docs/api.md, "Avatars on profiles".
 */
export function PlayerAvatar({ username, avatarUrl, alt, radius = 'xl', ...props }: PlayerAvatarProps) {
  return (
    <Avatar
      src={avatarUrl || null}
      alt={alt ?? `${username}'s avatar`}
      radius={radius}
      imageProps={{ draggable: false }}
      {...props}
    >
      {initials(username)}
    </Avatar>
  );
}
