/**
 * Account recovery and settings: "Forgot password?", the reset link, changing the password and
 * changing the e-mail address. The rules are in docs/design.md, "Account recovery and settings".
 */
import type { AccountSettingsResponse, ChangeEmailResponse } from '@shared/protocol';
import type { EmailTokenPurpose } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Mail } from '../../infra/mail';
import { retryText } from '../../infra/sign-in-throttle';
import { burnPasswordCheck, hashPassword, hashToken, newToken, verifyPassword } from './crypto';
import { emailChangeMail, passwordResetMail } from './mails';
import * as repo from './repo';
import type { UserRow } from './repo';
import type { Authenticated } from '../../http/auth';
import type { AccountDeps } from './types';

const HOUR_MS = 60 * 60 * 1000;
export const EMAIL_LINK_TTL_MS = 24 * HOUR_MS;
export const PASSWORD_RESET_TTL_MS = HOUR_MS;
/** Reset mails one account is sent per hour; more requests are answered alike but send nothing. */
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;

/** The same answer whether or not an account uses the address: it must not tell which. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this email address, we have sent it a link to reset the password. The link expires in 1 hour.';
const INVALID_RESET = 'This password reset link is not valid any more. Ask for a new one.';

interface EmailLink {
  user: UserRow;
  email: string;
  purpose: EmailTokenPurpose;
  ttlMs: number;
  url: (token: string) => string;
  mail: (url: string) => Mail;
}

/** Stores a new link's hash; the token itself goes only into the mail. */
async function storeEmailLink(deps: AccountDeps, link: EmailLink): Promise<{ id: number; token: string }> {
  const now = deps.now();
  const token = newToken();
  const id = await repo.insertEmailToken(deps.db.kysely, {
    userId: link.user.id,
    tokenHash: hashToken(token),
    purpose: link.purpose,
    email: link.email,
    now,
    expiresAt: now + link.ttlMs,
  });
  return { id, token };
}

/**
 * Mails a stored link. Once the mail is out, the user's earlier links of that purpose stop working
 * (only the newest mail's link works); if it could not be sent, the new link is retired instead
 * and the earlier ones keep working. Resolves to false in that case.
 */
async function deliverEmailLink(
  deps: AccountDeps,
  link: EmailLink,
  stored: { id: number; token: string },
): Promise<boolean> {
  const db = deps.db.kysely;
  const url = link.url(stored.token);
  try {
    await deps.mailer.send(link.mail(url));
  } catch (error) {
    deps.log.warn({ err: error, userId: link.user.id, purpose: link.purpose }, 'mail could not be sent');
    await repo.consumeEmailToken(db, stored.id, deps.now());
    return false;
  }
  await repo.supersedeEmailTokens(db, link.user.id, [link.purpose], deps.now(), stored.id);
  // Without SMTP the link is in a file on this machine anyway; logging it helps a developer.
  if (deps.mailer.kind === 'file')
    deps.log.info(
      { userId: link.user.id, purpose: link.purpose, link: url },
      'mail written to DATA_DIR/mail',
    );
  return true;
}

/** Stores a link and mails it; false when the mail could not be sent. */
export async function sendEmailLink(deps: AccountDeps, link: EmailLink): Promise<boolean> {
  return deliverEmailLink(deps, link, await storeEmailLink(deps, link));
}

export class AccountSettings {
  constructor(private readonly deps: AccountDeps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /**
   * Mails a reset link to the account using `email`, if there is one. Every outcome answers the
   * same, and the mail (the slow part) goes out after the answer, so neither the reply nor, much,
   * its timing tells whether the account exists. Limited per address (any address, so the limit tells nothing either) and,
   * silently, per account.
   */
  async requestPasswordReset(email: string): Promise<{ message: string }> {
    const addressKey = `address:${email.toLowerCase()}`;
    const wait = await this.deps.resetRequests.retryAfter(addressKey);
    if (wait > 0) {
      throw new DomainError(
        'rate_limited',
        `Too many reset requests for this address. Please try again in ${Math.ceil(wait / 60_000)} minutes.`,
        'too_many_attempts',
      );
    }
    await this.deps.resetRequests.fail(addressKey);
    const user = await repo.findUserByEmail(this.db, email);
    if (user?.email && (await this.mayMailReset(user))) {
      const email = user.email;
      const link: EmailLink = {
        user,
        email,
        purpose: 'reset_password',
        ttlMs: PASSWORD_RESET_TTL_MS,
        url: (token) => `${this.deps.publicUrl}/reset-password?token=${token}`,
        mail: (url) => passwordResetMail(user.username, email, url),
      };
      // Stored before answering, so the per-account count holds for quick repeats, and the older
      // reset links retired at once (a new request replaces them); mailed after.
      const stored = await storeEmailLink(this.deps, link);
      await repo.supersedeEmailTokens(this.db, user.id, ['reset_password'], this.deps.now(), stored.id);
      void deliverEmailLink(this.deps, link, stored).catch((error: unknown) =>
        this.deps.log.error({ err: error, userId: user.id }, 'reset mail failed'),
      );
    }
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  private async mayMailReset(user: UserRow): Promise<boolean> {
    const since = this.deps.now() - HOUR_MS;
    const sent = await repo.countEmailTokensSince(this.db, user.id, 'reset_password', since);
    return sent < RESET_MAILS_PER_ACCOUNT_PER_HOUR;
  }

  /**
   * Sets a new password with a reset link and signs the account out everywhere. `address` is the
   * client's, which then signs in at once whatever it guessed before.
   */
  async resetPassword(
    input: { token: string; password: string },
    address: string | null = null,
  ): Promise<{ message: string }> {
    const row = await repo.findEmailToken(this.db, hashToken(input.token));
    if (!row || row.purpose !== 'reset_password' || row.used_at !== null)
      throw new DomainError('invalid', INVALID_RESET, 'invalid_reset_token');
    const now = this.deps.now();
    if (row.expires_at <= now)
      throw new DomainError(
        'invalid',
        'This password reset link has expired. Ask for a new one.',
        'reset_token_expired',
      );
    const user = await repo.findUserById(this.db, row.user_id);
    // A link sent to an address the account no longer has resets nothing.
    if (!user || user.email?.toLowerCase() !== row.email.toLowerCase())
      throw new DomainError('invalid', INVALID_RESET, 'invalid_reset_token');
    const passwordHash = await hashPassword(input.password);
    const applied = await repo.applyPasswordReset(this.db, {
      tokenId: row.id,
      userId: user.id,
      passwordHash,
      now: this.deps.now(),
    });
    if (!applied) throw new DomainError('invalid', INVALID_RESET, 'invalid_reset_token');
    this.deps.onSessionsRevoked?.({ userId: user.id });
    // The owner proved who they are: their own earlier wrong guesses no longer slow them down.
    const throttle = this.deps.loginFailures;
    await throttle.succeeded(user.username_lower, address);
    await throttle.succeeded(row.email, address);
    await throttle.passwordCheckSucceeded(user.username_lower);
    return { message: 'Your password has been changed. Sign in with your new password.' };
  }

  /** A new password for the signed-in user; their other sessions end, this one stays. */
  async changePassword(
    auth: Authenticated,
    input: { currentPassword: string; newPassword: string },
  ): Promise<{ message: string }> {
    await this.checkPassword(auth.user, input.currentPassword, 'Current password is incorrect');
    const passwordHash = await hashPassword(input.newPassword);
    await repo.changePassword(this.db, {
      userId: auth.user.id,
      passwordHash,
      keepSessionId: auth.sessionId,
      now: this.deps.now(),
    });
    this.deps.onSessionsRevoked?.({ userId: auth.user.id, exceptSessionId: auth.sessionId });
    return { message: 'Password changed. You have been signed out on your other devices.' };
  }

  /**
   * Mails a verification link to a new address. The account keeps its current address (and can
   * sign in and recover with it) until the link is opened; see AccountService.verifyEmail.
   */
  async changeEmail(user: UserRow, input: { email: string; password: string }): Promise<ChangeEmailResponse> {
    await this.checkPassword(user, input.password, 'Incorrect password');
    const email = input.email;
    if (user.email?.toLowerCase() === email.toLowerCase())
      throw new DomainError('invalid', 'This is already your email address', 'same_email');
    const holder = await repo.findUserByEmail(this.db, email);
    if (holder && holder.id !== user.id)
      throw new DomainError('conflict', 'An account with this email already exists', 'email_taken');
    const last = await repo.latestEmailTokenAt(this.db, user.id, 'change_email');
    const wait = last ? last.created_at + 60_000 - this.deps.now() : 0;
    if (wait > 0)
      throw new DomainError(
        'rate_limited',
        `Please wait ${Math.ceil(wait / 1000)} seconds before asking for another email`,
        'too_soon',
      );
    const sent = await sendEmailLink(this.deps, {
      user,
      email,
      purpose: 'change_email',
      ttlMs: EMAIL_LINK_TTL_MS,
      url: (token) => `${this.deps.publicUrl}/api/auth/verify-email?token=${token}`,
      mail: (url) => emailChangeMail(user.username, email, url),
    });
    return {
      pendingEmail: email,
      emailVerificationSent: sent,
      message: sent
        ? `We have sent a link to ${email}. Your address changes when you open it.`
        : 'There was a problem sending the verification email',
    };
  }

  async settingsOf(user: UserRow): Promise<AccountSettingsResponse> {
    return {
      email: user.email,
      isVerified: user.is_verified === 1,
      pendingEmail: await repo.pendingEmailOf(this.db, user.id, this.deps.now()),
      hasPassword: user.password_hash !== null,
      googleLinked: user.google_sub !== null,
    };
  }

  private async checkPassword(user: UserRow, password: string, wrong: string): Promise<void> {
    if (!user.password_hash) {
      await burnPasswordCheck(password);
      throw new DomainError(
        'invalid',
        'This account has no password yet: it signs in with Google. Set one with "Forgot password?" on the sign-in page.',
        'no_password',
      );
    }
    // Guesses here are slowed as sign-in's are, so this is no side door for them; they count per
    // account, apart from sign-in, so a stolen session cannot slow its owner's sign-in.
    const throttle = this.deps.loginFailures;
    const wait = await throttle.passwordCheckRetryAfter(user.username_lower);
    if (wait > 0)
      throw new DomainError(
        'rate_limited',
        `Too many failed attempts. Please try again in ${retryText(wait)}.`,
        'too_many_attempts',
      );
    if (!(await verifyPassword(user.password_hash, password))) {
      await throttle.passwordCheckFailed(user.username_lower);
      throw new DomainError('forbidden', wrong, 'incorrect_password');
    }
    await throttle.passwordCheckSucceeded(user.username_lower);
  }
}
