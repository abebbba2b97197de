import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import type { MatcherLock } from '../../infra/match-store';
import {
  PaymentProviderError,
  PaymentUnknownToProvider,
  TestPaymentProvider,
  type PaymentProvider,
  type Verification,
} from '../../infra/payments';
import { AlreadyRecorded, balanceOf, moveMoney } from '../currency/ledger';
import * as repo from './repo';
import type { PaymentRow } from './repo';

export interface PaymentServiceDeps {
  db: Db;
  provider: PaymentProvider;
  /** Where players reach the app: the provider sends them back to `${publicUrl}/shop`. */
  publicUrl: string;
  /** What packs without a currency of their own are charged in. */
  currency: string;
  now: () => number;
  log: FastifyBaseLogger;
  /** Held while sweeping, so that one node at a time sweeps (Redis when several nodes share it). */
  sweepLock: MatcherLock;
}

type Status = PaymentRow['status'];

/**
 * How long a payment may stay pending before the sweep ends it (asking the provider once more
 * first), and how often the sweep runs. See docs/design.md, "Money".
 */
export const PAYMENT_EXPIRY_MS = 30 * 60_000;
export const PAYMENT_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Payments the sweep ends per run, oldest first; the rest wait for the next run. */
const SWEEP_BATCH = 100;

// Reasons a payment ended without the provider reporting money taken. A payment failed for one
// of these can still complete when the provider later reports success (a player who left the
// checkout, or cancelled here, and then paid there): the money was taken, so the pack is owed.
// A payment failed for a wrong amount never completes.
const DECLINED = 'The payment was declined';
const ABANDONED = 'The payment was abandoned';
export const CANCELLED = 'Cancelled by the player';
export const EXPIRED = 'Not paid within 30 minutes';
const REOPENABLE = [DECLINED, ABANDONED, CANCELLED, EXPIRED];

const paymentNotFound = () => new DomainError('not_found', 'Payment not found', 'payment_not_found');
const providerUnavailable = () =>
  new DomainError(
    'unavailable',
    'The payment provider did not answer. Please try again in a moment.',
    'payment_provider_unavailable',
  );

/** Paystack requires an email; accounts without one get a stand-in address at a reserved domain. */
const STAND_IN_EMAIL_DOMAIN = 'players.spar.invalid';

/**
 * Coin and gem packs bought with money: starting a payment, learning its outcome from the
 * provider (the player's verify, the provider's webhook, the test checkout) and crediting the
 * pack exactly once. See docs/design.md, "Money".
 */
export class PaymentService {
  /** This node is sweeping now: a sweep that outlasts the interval is not joined by the next. */
  private sweeping = false;

  constructor(private readonly deps: PaymentServiceDeps) {}

  get testMode(): boolean {
    return this.deps.provider.testMode;
  }

  /** Starts paying for a pack: a pending payment under a fresh reference, and where to pay it. */
  async initialize(
    user: { id: number; email: string | null },
    shopItemId: number,
  ): Promise<{ reference: string; authorizationUrl: string; testMode: boolean }> {
    const { db, provider } = this.deps;
    const item = await repo.findActiveItem(db.kysely, shopItemId);
    if (!item) throw new DomainError('not_found', 'Shop item not found', 'shop_item_not_found');
    if (
      (item.kind !== 'coin_pack' && item.kind !== 'gem_pack') ||
      item.money_price === null ||
      item.grant_amount === null ||
      item.grant_currency_type === null
    )
      throw new DomainError('invalid', 'Only coin and gem packs are bought with money', 'not_a_pack');

    // Paystack accepts letters, digits, '-', '.' and '=' in a reference.
    const reference = `spar-${randomBytes(16).toString('hex')}`;
    const now = this.deps.now();
    const amount = item.money_price;
    const currency = item.money_currency ?? this.deps.currency;
    // The row exists before the provider hears of the reference, so any report about it finds it.
    await repo.insertPayment(db.kysely, {
      reference,
      user_id: user.id,
      shop_item_id: item.id,
      provider: provider.name,
      amount,
      money_currency: currency,
      grant_amount: item.grant_amount,
      grant_currency_type: item.grant_currency_type,
      status: 'pending',
      created_at: now,
      updated_at: now,
    });
    try {
      const { authorizationUrl } = await provider.initialize({
        amount,
        currency,
        reference,
        email: user.email ?? `${user.id}@${STAND_IN_EMAIL_DOMAIN}`,
        callbackUrl: this.callbackUrl(reference),
      });
      await repo.setAuthorizationUrl(db.kysely, reference, authorizationUrl, this.deps.now());
      return { reference, authorizationUrl, testMode: provider.testMode };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      this.deps.log.warn({ reference, err: error }, 'payment could not be started');
      await repo.markFailed(db.kysely, reference, 'The payment could not be started', this.deps.now());
      throw providerUnavailable();
    }
  }

  /** The caller's own payment, settled from the provider's answer when it is still pending. */
  async verify(
    userId: number,
    reference: string,
  ): Promise<{ success: boolean; status: Status; balance: { currency: number; premiumCurrency: number } }> {
    const payment = await repo.findPayment(this.deps.db.kysely, reference);
    if (!payment || payment.user_id !== userId) throw paymentNotFound();
    const status = payment.status === 'pending' ? await this.settleFromProvider(payment) : payment.status;
    return {
      success: status === 'completed',
      status,
      balance: await balanceOf(this.deps.db.kysely, userId),
    };
  }

  /**
   * The player ends their own pending payment before paying. The provider is asked once more
   * first: a payment it reports paid completes (and credits) instead, one it declined fails as
   * usual. Ended payments are answered as they stand, so repeating a cancel changes nothing.
   * Races with a webhook or the checkout are settled by the guarded updates in `settle` and
   * `markFailed`; see docs/design.md, "Money".
   */
  async cancel(
    userId: number,
    reference: string,
  ): Promise<{ success: boolean; status: Status; balance: { currency: number; premiumCurrency: number } }> {
    const payment = await repo.findPayment(this.deps.db.kysely, reference);
    if (!payment || payment.user_id !== userId) throw paymentNotFound();
    const status = payment.status === 'pending' ? await this.endUnpaid(payment, CANCELLED) : payment.status;
    return {
      success: status === 'completed',
      status,
      balance: await balanceOf(this.deps.db.kysely, userId),
    };
  }

  /**
   * The periodic sweep: `expireStale` on one node at a time. Null, doing nothing, when another
   * sweep (on this node or, through the lock, on another) is running; see docs/design.md, "Money".
   */
  async sweep(): Promise<number | null> {
    if (this.sweeping) return null;
    this.sweeping = true;
    try {
      let ended: number | null = null;
      const ran = await this.deps.sweepLock.run(async () => {
        ended = await this.expireStale();
      });
      return ran ? ended : null;
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Ends payments pending for longer than PAYMENT_EXPIRY_MS, each after asking the provider once
   * more, so a success that arrives late is still credited (once). A payment the provider does
   * not answer for stays pending for the next run. Returns how many were ended.
   */
  async expireStale(): Promise<number> {
    const { db, log } = this.deps;
    const stale = await repo.pendingSince(db.kysely, this.deps.now() - PAYMENT_EXPIRY_MS, SWEEP_BATCH);
    let ended = 0;
    // One at a time: the provider is asked about each, and a sweep is no reason to flood it.
    for (const payment of stale) {
      try {
        if ((await this.endUnpaid(payment, EXPIRED)) !== 'pending') ended += 1;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'payment_provider_unavailable')) throw error;
        log.warn(
          { reference: payment.reference },
          'pending payment not expired: the provider did not answer',
        );
      }
    }
    return ended;
  }

  async pending(userId: number) {
    const rows = await repo.pendingOf(this.deps.db.kysely, userId);
    return rows.map((row) => ({
      reference: row.reference,
      status: row.status,
      shopItemId: row.shop_item_id,
      name: row.name,
      createdAt: row.created_at,
    }));
  }

  /**
   * A webhook from the provider. Its signature must match the raw body; a `charge.success`
   * then settles the payment as the provider's verify answers it (never as the body says), so a
   * replay changes nothing. Other events and unknown references are acknowledged and ignored.
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    if (!this.deps.provider.verifyWebhookSignature(rawBody, signature))
      throw new DomainError('unauthenticated', 'Invalid webhook signature', 'invalid_signature');
    let event: unknown;
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new DomainError('invalid', 'Request body is not valid JSON', 'invalid_json');
    }
    const { event: name, data } = (event ?? {}) as { event?: unknown; data?: { reference?: unknown } };
    const reference = data?.reference;
    if (name !== 'charge.success' || typeof reference !== 'string') return { received: true };
    const payment = await repo.findPayment(this.deps.db.kysely, reference);
    if (!payment || payment.status === 'completed' || payment.provider !== this.deps.provider.name) {
      this.deps.log.info({ reference, known: Boolean(payment) }, 'payment webhook ignored');
      return { received: true };
    }
    await this.settleFromProvider(payment);
    return { received: true };
  }

  /** What the test checkout page shows; null when there is no such test payment. */
  async testCheckout(reference: string) {
    if (!(this.deps.provider instanceof TestPaymentProvider)) return null;
    const payment = await repo.findPaymentWithItem(this.deps.db.kysely, reference);
    if (!payment || payment.provider !== 'test') return null;
    return { ...payment, callbackUrl: this.callbackUrl(reference) };
  }

  /**
   * The test checkout's Pay, Fail or Cancel button (Cancel leaves the checkout as Paystack's does:
   * the payment is abandoned): records the outcome, settles, returns the callback URL.
   */
  async testCheckoutOutcome(reference: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<string | null> {
    const provider = this.deps.provider;
    if (!(provider instanceof TestPaymentProvider)) return null;
    const payment = await repo.findPayment(this.deps.db.kysely, reference);
    if (!payment || payment.provider !== 'test') return null;
    if (payment.status === 'pending') {
      provider.record(
        reference,
        outcome === 'pay' ? 'success' : outcome === 'fail' ? 'failed' : 'abandoned',
        payment.amount,
        payment.money_currency,
      );
      await this.settleFromProvider(payment);
    }
    return this.callbackUrl(reference);
  }

  private callbackUrl(reference: string): string {
    return `${this.deps.publicUrl}/shop?reference=${encodeURIComponent(reference)}`;
  }

  /**
   * A pending payment nobody will pay any more: settled as the provider now reports it, or,
   * while the provider still calls it open, failed for `reason` (only if it is still pending).
   */
  private async endUnpaid(payment: PaymentRow, reason: string): Promise<Status> {
    if (payment.provider !== this.deps.provider.name) return this.settleFromProvider(payment);
    const verification = await this.askProvider(payment.reference);
    if (verification.status !== 'pending') return this.settle(payment, verification);
    await repo.markFailed(this.deps.db.kysely, payment.reference, reason, this.deps.now());
    return this.statusOf(payment.reference);
  }

  /**
   * The provider's answer. A reference it says it does not know was never started there, so
   * nothing was paid on it: pending, which the sweep (or a cancel) ends like any unpaid payment,
   * once, rather than asking again forever. Should the provider report it paid after all, the
   * ended payment still completes (REOPENABLE).
   */
  private async askProvider(reference: string): Promise<Verification> {
    try {
      return await this.deps.provider.verify(reference);
    } catch (error) {
      if (error instanceof PaymentUnknownToProvider) {
        this.deps.log.warn({ reference }, 'the payment provider does not know this payment; taken as unpaid');
        return { status: 'pending', amount: null, currency: null };
      }
      if (!(error instanceof PaymentProviderError)) throw error;
      this.deps.log.warn({ reference, err: error }, 'payment verification failed');
      throw providerUnavailable();
    }
  }

  /** Asks the provider about a payment and settles it; the payment's status afterwards. */
  private async settleFromProvider(payment: PaymentRow): Promise<Status> {
    if (payment.provider !== this.deps.provider.name) {
      // Made while another provider was configured (test payments after Paystack was set up):
      // nobody can answer for it any more, so it would otherwise stay pending for good.
      await repo.markFailed(
        this.deps.db.kysely,
        payment.reference,
        'Made with another payment provider',
        this.deps.now(),
      );
      return this.statusOf(payment.reference);
    }
    return this.settle(payment, await this.askProvider(payment.reference));
  }

  /**
   * The one place a payment's outcome is written, whoever learnt it. Success credits the pack
   * only when the amount and currency paid are what we asked, in one transaction with marking the
   * payment completed. Concurrent settles credit once: the completing UPDATE matches only a row
   * not yet completed (PostgreSQL re-checks it after waiting on the row lock; SQLite writes one
   * transaction at a time), and the ledger's unique (reason, reference, user) backs that up.
   */
  async settle(payment: PaymentRow, verification: Verification): Promise<Status> {
    const { db } = this.deps;
    const now = this.deps.now();
    const { reference } = payment;
    switch (verification.status) {
      case 'pending':
        return this.statusOf(reference);
      case 'failed':
        await repo.markFailed(db.kysely, reference, DECLINED, now);
        return this.statusOf(reference);
      case 'abandoned':
        await repo.markFailed(db.kysely, reference, ABANDONED, now);
        return this.statusOf(reference);
      case 'success':
        break;
    }
    if (verification.amount !== payment.amount || verification.currency !== payment.money_currency) {
      const paid = `${verification.amount ?? '?'} ${verification.currency ?? '?'}`;
      const reason = `Paid ${paid}, expected ${payment.amount} ${payment.money_currency}`;
      this.deps.log.warn({ reference, reason }, 'payment amount does not match; not credited');
      await repo.markFailed(db.kysely, reference, reason, now);
      return this.statusOf(reference);
    }
    try {
      await db.kysely.transaction().execute(async (trx) => {
        const completed = await trx
          .updateTable('payments')
          .set({ status: 'completed', completed_at: now, updated_at: now, failure_reason: null })
          .where('reference', '=', reference)
          .where((eb) =>
            eb.or([
              eb('status', '=', 'pending'),
              eb.and([eb('status', '=', 'failed'), eb('failure_reason', 'in', REOPENABLE)]),
            ]),
          )
          .executeTakeFirst();
        if (completed.numUpdatedRows === 0n) return;
        await moveMoney(trx, {
          userId: payment.user_id,
          currencyType: payment.grant_currency_type,
          delta: payment.grant_amount,
          reason: 'payment',
          reference,
          description: `Bought ${payment.grant_amount} ${payment.grant_currency_type === 'premium' ? 'gems' : 'coins'}`,
          now,
        });
      });
    } catch (error) {
      // Credited before: the completing update rolled back with it and the payment stands as is.
      if (!(error instanceof AlreadyRecorded)) throw error;
    }
    return this.statusOf(reference);
  }

  private async statusOf(reference: string): Promise<Status> {
    const row = await repo.findPayment(this.deps.db.kysely, reference);
    if (!row) throw paymentNotFound();
    return row.status;
  }
}
