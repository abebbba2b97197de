import { isReservedUsername } from '@shared/usernames';

/**
 * The first name `make` gives that sign-up accepts; `make` must give a new name each call. Test
 * names carry a counter and a random number, and a run of digits can fold to a reserved word
 * ("807" reads as "bot", "8075" as "bots": docs/design.md, "Accounts and names"). The number is
 * random, not the clock: within one millisecond every retry had the same digits, and all failed.
 */
export function unreservedName(make: () => string): string {
  for (let attempt = 0; attempt < 100; attempt++) {
    const name = make();
    if (!isReservedUsername(name)) return name;
  }
  throw new Error('no test username that sign-up accepts');
}
