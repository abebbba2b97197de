import type { AttemptLimits, BackoffPolicy } from './attempt-limiter';

/**
 * Wrong passwords for one login from one address: five free, then 1 s, 2 s, 4 s … up to 15 min
 * between tries. A guesser gets about a hundred tries a day at that pace; the owner, trying from
 * their own address, is never held up by anyone else's guesses.
 */
export const PAIR_POLICY: BackoffPolicy = {
  free: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/**
 * Wrong passwords from one address, whatever the login: room for a household or a shared network's
 * typos, then the same growing delays, so spraying one password over many accounts crawls too.
 */
export const ADDRESS_POLICY: BackoffPolicy = { ...PAIR_POLICY, free: 20 };

/**
 * Sign-in throttling that slows guessing without ever locking an account for everyone: failures
 * count per (login, address) and per address, each with growing delays, never per login alone.
 * A wrong current password in the account settings counts per account, apart from sign-in, so a
 * stolen session cannot slow its owner's sign-in either. See docs/design.md, "Sign-in throttling".
 */
export class SignInThrottle {
  constructor(
    /** Keyed by login and address, and by account for password checks (PAIR_POLICY). */
    private readonly pairs: AttemptLimits,
    /** Keyed by address (ADDRESS_POLICY). */
    private readonly addresses: AttemptLimits,
  ) {}

  /** Milliseconds before `login` may be tried again from `address`; 0 when it may be now. */
  async retryAfter(login: string, address: string | null): Promise<number> {
    const [pair, from] = await Promise.all([
      this.pairs.retryAfter(pairKey(login, address)),
      this.addresses.retryAfter(addressKey(address)),
    ]);
    return Math.max(pair, from);
  }

  async failed(login: string, address: string | null): Promise<void> {
    await Promise.all([this.pairs.fail(pairKey(login, address)), this.addresses.fail(addressKey(address))]);
  }

  /**
   * The right password from this address: its pair starts over. The address's count stays, or an
   * attacker could clear it between guesses by signing in to an account of their own.
   */
  async succeeded(login: string, address: string | null): Promise<void> {
    await this.pairs.reset(pairKey(login, address));
  }

  /** Milliseconds before the signed-in owner of `account` may check a password again. */
  passwordCheckRetryAfter(account: string): number | Promise<number> {
    return this.pairs.retryAfter(accountKey(account));
  }

  async passwordCheckFailed(account: string): Promise<void> {
    await this.pairs.fail(accountKey(account));
  }

  async passwordCheckSucceeded(account: string): Promise<void> {
    await this.pairs.reset(accountKey(account));
  }
}

// An address holds no space, so the last space of a key ends its login: no two pairs share a key.
const pairKey = (login: string, address: string | null) => `login ${login.toLowerCase()} ${address ?? '-'}`;
const addressKey = (address: string | null) => `address ${address ?? '-'}`;
const accountKey = (account: string) => `account ${account.toLowerCase()}`;

/** "Please try again in 3 seconds." / "… in 2 minutes." */
export function retryText(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
