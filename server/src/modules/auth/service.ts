import { randomInt } from 'node:crypto';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@shared/constants';
import type {
  AuthResponse,
  AuthUser,
  DeleteAccountResponse,
  GoogleAuthResponse,
  RestoreAccountResponse,
  Role,
} from '@shared/protocol';
import { RESERVED_USERNAME_MESSAGE, isReservedUsername } from '@shared/usernames';
import { AuthError, DomainError } from '../../errors';
import { retryText } from '../../infra/sign-in-throttle';
import { burnPasswordCheck, hashPassword, hashToken, newToken, verifyPassword } from './crypto';
import { InvalidGoogleToken, type GoogleIdentity } from './google';
import * as repo from './repo';
import { isUniqueViolation, type UserRow } from './repo';
import { verificationMail } from './mails';
import { AccountSettings, sendEmailLink } from './settings';
import type { Authenticated, Authenticator } from '../../http/auth';
import type { AccountDeps } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
export const EMAIL_TOKEN_TTL_MS = DAY_MS;
export const DELETION_GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * DAY_MS;
/** Sliding expiry is written at most this often per session, not on every request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;
const RESEND_INTERVAL_MS = 60 * 1000;

export type { AccountDeps } from './types';

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isVerified: user.is_verified === 1,
    markedForDelete: user.marked_for_delete_at !== null,
    role: user.role,
    createdAt: user.created_at,
  };
}

function needsVerification(user: UserRow): boolean {
  return user.email !== null && user.is_verified !== 1;
}

/** Accounts, sessions and email verification: the rules behind /api/auth. */
export class AccountService implements Authenticator {
  /** Recovery, password and e-mail changes (settings.ts). */
  readonly settings: AccountSettings;

  constructor(private readonly deps: AccountDeps) {
    this.settings = new AccountSettings(deps);
  }

  private get db() {
    return this.deps.db.kysely;
  }

  async register(
    input: { username: string; password: string; email?: string | null },
    client: ClientInfo,
  ): Promise<AuthResponse> {
    const now = this.deps.now();
    // The schema refuses these already; checked again so no other caller can create one.
    if (isReservedUsername(input.username))
      throw new DomainError('invalid', RESERVED_USERNAME_MESSAGE, 'username_reserved');
    // Look-alikes ("b0b" once "bob" exists) are taken too: see shared/usernames.ts `usernameKey`.
    const holder = await repo.findUserByUsernameKey(this.db, input.username);
    if (holder) {
      const same = holder.username_lower === input.username.toLowerCase();
      throw new DomainError(
        'conflict',
        same ? 'Username is already taken' : 'Username is too similar to one already taken',
        'username_taken',
      );
    }
    if (input.email && (await repo.findUserByEmail(this.db, input.email))) {
      throw new DomainError('conflict', 'An account with this email already exists', 'email_taken');
    }
    const passwordHash = await hashPassword(input.password);
    let user: UserRow;
    try {
      user = await repo.insertUser(this.db, {
        username: input.username,
        email: input.email ?? null,
        passwordHash,
        googleSub: null,
        isVerified: false,
        now,
      });
    } catch (error) {
      // Two sign-ups racing for one name: the database's unique index decides.
      if (isUniqueViolation(error))
        throw new DomainError('conflict', 'Username or email is already taken', 'username_taken');
      throw error;
    }
    const token = await this.createSession(user.id, client);
    const emailVerificationSent = user.email ? await this.sendVerification(user) : false;
    return {
      token,
      user: toAuthUser(user),
      requiresVerification: needsVerification(user),
      emailVerificationSent,
      message: user.email
        ? 'Registration successful. Please check your email to verify your account.'
        : 'Registration successful',
    };
  }

  async login(input: { username: string; password: string }, client: ClientInfo): Promise<AuthResponse> {
    const throttle = this.deps.loginFailures;
    const wait = await throttle.retryAfter(input.username, client.ip);
    if (wait > 0) {
      throw new DomainError(
        'rate_limited',
        `Too many failed sign-in attempts. Please try again in ${retryText(wait)}.`,
        'too_many_attempts',
      );
    }
    const user = await repo.findUserByLogin(this.db, input.username);
    const ok = user?.password_hash
      ? await verifyPassword(user.password_hash, input.password)
      : (await burnPasswordCheck(input.password), false);
    if (!user || !ok) {
      await throttle.failed(input.username, client.ip);
      throw new AuthError('Invalid username or password', 'invalid_credentials');
    }
    await throttle.succeeded(input.username, client.ip);
    const token = await this.createSession(user.id, client);
    return {
      token,
      user: toAuthUser(user),
      requiresVerification: needsVerification(user),
      emailVerificationSent: false,
      message: 'Login successful',
    };
  }

  async googleSignIn(idToken: string, client: ClientInfo): Promise<GoogleAuthResponse> {
    if (!this.deps.google)
      throw new DomainError(
        'unavailable',
        'Google sign-in is not configured on this server',
        'google_unavailable',
      );
    let identity;
    try {
      identity = await this.deps.google(idToken);
    } catch (error) {
      if (error instanceof InvalidGoogleToken)
        throw new AuthError('Google sign-in failed: the ID token is not valid', 'invalid_credentials');
      throw error;
    }
    return this.signInWithGoogle(identity, client);
  }

  /**
   * A session for the person Google vouched for: the account with that Google subject, else the
   * account with that verified email (linked), else a new account. Both Google sign-ins end here.
   */
  async signInWithGoogle(identity: GoogleIdentity, client: ClientInfo): Promise<GoogleAuthResponse> {
    const now = this.deps.now();
    let user = await repo.findUserByGoogleSub(this.db, identity.sub);
    let isNewUser = false;
    if (!user && identity.email && identity.emailVerified) {
      const existing = await repo.findUserByEmail(this.db, identity.email);
      if (existing) {
        // Google proved who owns this address. If the account never verified it, whoever set its
        // password may not own the address: drop that password and its sessions on linking.
        const takeOver = existing.is_verified !== 1;
        if (takeOver) {
          await repo.revokeUserSessions(this.db, existing.id, now);
          this.deps.onSessionsRevoked?.({ userId: existing.id });
        }
        user = await repo.updateUser(
          this.db,
          existing.id,
          { google_sub: identity.sub, is_verified: 1, ...(takeOver ? { password_hash: null } : {}) },
          now,
        );
      }
    }
    if (!user) {
      user = await this.createGoogleUser(identity, now);
      isNewUser = true;
    }
    const token = await this.createSession(user.id, client);
    return {
      token,
      user: toAuthUser(user),
      isNewUser,
      markedForDelete: user.marked_for_delete_at !== null,
      message: isNewUser ? 'Account created' : 'Sign-in successful',
    };
  }

  private async createGoogleUser(identity: GoogleIdentity, now: number) {
    const base = usernameFrom(identity.name ?? identity.email?.split('@')[0] ?? 'player');
    const email =
      identity.email && identity.emailVerified && !(await repo.findUserByEmail(this.db, identity.email))
        ? identity.email
        : null;
    for (const username of usernameCandidates(base)) {
      if (isReservedUsername(username) || (await repo.findUserByUsernameKey(this.db, username))) continue;
      try {
        return await repo.insertUser(this.db, {
          username,
          email,
          passwordHash: null,
          googleSub: identity.sub,
          isVerified: true,
          now,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new DomainError(
      'conflict',
      'Could not choose a username for this Google account',
      'username_taken',
    );
  }

  async createSession(userId: number, client: ClientInfo): Promise<string> {
    const now = this.deps.now();
    const token = newToken();
    await repo.insertSession(this.db, {
      userId,
      tokenHash: hashToken(token),
      now,
      expiresAt: now + this.deps.sessionDays * DAY_MS,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
    });
    return token;
  }

  /** The user behind a bearer token, with the spec's 401 answers for the ways it can fail. */
  async authenticate(token: string | undefined): Promise<Authenticated> {
    if (!token) throw new AuthError('Authentication required', 'auth_required');
    const session = token.length <= 512 ? await repo.findSessionByHash(this.db, hashToken(token)) : undefined;
    if (!session || session.revoked_at !== null) throw new AuthError('Invalid token', 'invalid_token');
    const now = this.deps.now();
    if (session.expires_at <= now) throw new AuthError('Token expired', 'token_expired');
    const user = await repo.findUserById(this.db, session.user_id);
    if (!user) throw new AuthError('Invalid token', 'invalid_token');
    let expiresAt = session.expires_at;
    if (now - session.last_used_at >= SESSION_TOUCH_MS) {
      expiresAt = now + this.deps.sessionDays * DAY_MS;
      await repo.touchSession(this.db, session.id, now, expiresAt);
    }
    return { user, sessionId: session.id, expiresAt };
  }

  /** When a session expires now (it may have slid since it was checked), or null if it is over. */
  async sessionExpiresAt(sessionId: number): Promise<number | null> {
    const session = await repo.findSessionById(this.db, sessionId);
    if (!session || session.revoked_at !== null || session.expires_at <= this.deps.now()) return null;
    return session.expires_at;
  }

  /** Whether `token` is the token of this live session (a socket's frames may repeat it). */
  async isSessionToken(token: string, sessionId: number): Promise<boolean> {
    if (token.length > 512) return false;
    const session = await repo.findSessionByHash(this.db, hashToken(token));
    return session?.id === sessionId && session.revoked_at === null && session.expires_at > this.deps.now();
  }

  async logout(sessionId: number): Promise<void> {
    await repo.revokeSession(this.db, sessionId, this.deps.now());
    this.deps.onSessionsRevoked?.({ sessionId });
  }

  /** Sends a fresh verification link (the earlier ones stop working); false when it could not be sent. */
  async sendVerification(user: UserRow): Promise<boolean> {
    const email = user.email;
    if (!email) return false;
    return sendEmailLink(this.deps, {
      user,
      email,
      purpose: 'verify_email',
      ttlMs: EMAIL_TOKEN_TTL_MS,
      url: (token) => `${this.deps.publicUrl}/api/auth/verify-email?token=${token}`,
      mail: (url) => verificationMail(user.username, email, url),
    });
  }

  async resendVerification(user: UserRow): Promise<{ emailVerificationSent: boolean; message: string }> {
    if (!user.email)
      throw new DomainError('invalid', 'This account has no email address to verify', 'no_email');
    if (user.is_verified === 1)
      throw new DomainError('conflict', 'Your email address is already verified', 'already_verified');
    const last = await repo.latestEmailTokenAt(this.db, user.id, 'verify_email');
    const wait = last ? last.created_at + RESEND_INTERVAL_MS - this.deps.now() : 0;
    if (wait > 0)
      throw new DomainError(
        'rate_limited',
        `Please wait ${Math.ceil(wait / 1000)} seconds before asking for another email`,
        'too_soon',
      );
    const sent = await this.sendVerification(user);
    return {
      emailVerificationSent: sent,
      message: sent ? 'Verification email sent' : 'There was a problem sending the verification email',
    };
  }

  /**
   * Verifies the address a link was sent to; the outcome names the notice the app shows. A link
   * from an e-mail change also makes that address the account's (docs/design.md, "Account
   * recovery and settings").
   */
  async verifyEmail(token: string): Promise<'verified' | 'expired' | 'invalid'> {
    const row =
      token && token.length <= 512 ? await repo.findEmailToken(this.db, hashToken(token)) : undefined;
    if (!row || row.used_at !== null || row.purpose === 'reset_password') return 'invalid';
    const now = this.deps.now();
    if (row.expires_at <= now) return 'expired';
    const user = await repo.findUserById(this.db, row.user_id);
    if (!user) return 'invalid';
    if (row.purpose === 'change_email') {
      const changed = await repo.applyEmailChange(this.db, {
        tokenId: row.id,
        userId: user.id,
        email: row.email,
        now,
      });
      return changed ? 'verified' : 'invalid';
    }
    // A link for an address the account no longer has verifies nothing.
    if (user.email?.toLowerCase() !== row.email.toLowerCase()) return 'invalid';
    if (!(await repo.consumeEmailToken(this.db, row.id, now))) return 'invalid';
    await repo.updateUser(this.db, user.id, { is_verified: 1 }, now);
    return 'verified';
  }

  async markForDeletion(
    user: UserRow,
    input: { password?: string; confirm?: boolean },
  ): Promise<DeleteAccountResponse> {
    if (user.password_hash) {
      if (!input.password || !(await verifyPassword(user.password_hash, input.password))) {
        throw new DomainError('forbidden', 'Incorrect password', 'incorrect_password');
      }
    } else if (input.confirm !== true) {
      throw new DomainError(
        'invalid',
        'confirm must be true to delete an account without a password',
        'confirm_required',
      );
    }
    const now = this.deps.now();
    const markedAt = user.marked_for_delete_at ?? now;
    await repo.updateUser(this.db, user.id, { marked_for_delete_at: markedAt }, now);
    return {
      markedForDelete: true,
      deleteAfter: markedAt + DELETION_GRACE_MS,
      message: 'Account Scheduled for Deletion',
    };
  }

  async restore(user: UserRow): Promise<RestoreAccountResponse> {
    await repo.updateUser(this.db, user.id, { marked_for_delete_at: null }, this.deps.now());
    return { markedForDelete: false, message: 'Your account has been restored' };
  }

  /** Deletes and anonymises every account whose grace period has ended; returns how many. */
  async sweepDeletedAccounts(): Promise<number> {
    const now = this.deps.now();
    const due = await repo.usersPastDeletionGrace(this.db, now - DELETION_GRACE_MS);
    for (const { id } of due) {
      await repo.anonymiseUser(this.db, id, now);
      this.deps.onSessionsRevoked?.({ userId: id });
    }
    if (due.length > 0)
      this.deps.log.info({ count: due.length }, 'anonymised accounts past their deletion grace');
    return due.length;
  }

  async setRole(username: string, role: Role): Promise<UserRow> {
    const user = await repo.findUserByUsername(this.db, username);
    if (!user || user.deleted_at !== null)
      throw new DomainError('not_found', `No user named ${username}`, 'user_not_found');
    return repo.updateUser(this.db, user.id, { role }, this.deps.now());
  }
}

/**
 * A valid username (3–20 of [A-Za-z0-9_]) made from a display name or an email's local part, never
 * a reserved one: words that read as staff are dropped ("Spar Support Ama" → "Ama").
 */
export function usernameFrom(text: string): string {
  const kept = text
    .normalize('NFKD')
    .split(/[^A-Za-z0-9_]+|_+/)
    .filter((word) => word !== '' && !isReservedUsername(word))
    .join('_')
    .slice(0, 20)
    .replace(/_+$/, '');
  const name = kept.length >= 3 ? kept : `player_${kept}`.replace(/_$/, '').slice(0, 20);
  return isReservedUsername(name) ? 'player' : name;
}

/** The natural name, then numbered ones (Ama2 … Ama10), then random numbers for a common name. */
function* usernameCandidates(base: string): Generator<string> {
  yield base;
  for (let n = 2; n <= 10; n++) yield base.slice(0, 20 - String(n).length) + n;
  for (let attempt = 0; attempt < 20; attempt++) {
    yield `${base.slice(0, 13)}_${randomInt(100_000, 1_000_000)}`;
  }
}
