/** Avatar initials: the first two letters of the username, uppercased. */
export function initials(username: string): string {
  return username.slice(0, 2).toUpperCase();
}
