import { AVATAR_INITIALS_LENGTH } from '@shared/constants';

/** Avatar initials of spec §9: the first two letters of the username, uppercased. */
export function initials(username: string): string {
  return username.slice(0, AVATAR_INITIALS_LENGTH).toUpperCase();
}
