/**
 * The contracts of /api/currency/* (coins, gems, the shop, payments and rewards). Server routes
 * register these schemas and the renderer infers its types from them. See docs/api.md, "Economy".
 */
import { z } from 'zod';
import { beforeSchema, limitSchema } from './common';
import { defineEndpoint } from './endpoint';

export const CURRENCY_TYPES = ['regular', 'premium'] as const;
export const currencyTypeSchema = z.enum(CURRENCY_TYPES);
export type CurrencyType = z.infer<typeof currencyTypeSchema>;

export const SHOP_ITEM_KINDS = ['coin_pack', 'gem_pack', 'deck', 'avatar', 'sound_pack'] as const;
export const shopItemKindSchema = z.enum(SHOP_ITEM_KINDS);
export type ShopItemKind = z.infer<typeof shopItemKindSchema>;

const count = z.number().int().nonnegative();
const time = z.number().int();

/** A `?limit=` of 1–100 (default 20). */
export const limitQuerySchema = z.object({ limit: limitSchema(20) });

// ── Balance and ledger ──────────────────────────────────────────────────────────────────────────

export const balanceSchema = z.object({ currency: count, premiumCurrency: count });
export type Balance = z.infer<typeof balanceSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  currencyType: currencyTypeSchema,
  /** Positive for credits, negative for debits. */
  amount: z.number().int(),
  balanceAfter: count,
  reason: z.string(),
  reference: z.string(),
  description: z.string(),
  createdAt: time,
});
export type CurrencyTransaction = z.infer<typeof transactionSchema>;

export const transactionsQuerySchema = limitQuerySchema.extend({
  /** Cursor: only entries older than this id (the `nextBefore` of the previous page). */
  before: beforeSchema('before must be a transaction id'),
});
export const transactionsResponseSchema = z.object({
  transactions: z.array(transactionSchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type TransactionsPage = z.infer<typeof transactionsResponseSchema>;

// ── Shop and purchases ──────────────────────────────────────────────────────────────────────────

export const shopItemSchema = z.object({
  id: z.number().int(),
  kind: shopItemKindSchema,
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  /** Coins or gems, for items bought from a balance; null for packs bought with money. */
  price: count.nullable(),
  currencyType: currencyTypeSchema.nullable(),
  /** Packs: the real-money price in the minor unit (kobo for NGN), its currency, and what it grants. */
  moneyPrice: z.number().int().positive().nullable(),
  moneyCurrency: z.string().nullable(),
  grantAmount: z.number().int().positive().nullable(),
  grantCurrencyType: currencyTypeSchema.nullable(),
  /** A sound pack's preview or an avatar's full image, when it has one. */
  assetUrl: z.string().nullable(),
  owned: z.boolean(),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

export const shopResponseSchema = z.array(shopItemSchema);

export const shopItemParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
});

export const purchaseSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  shopItemId: z.number().int(),
  itemId: z.number().int(),
  kind: shopItemKindSchema,
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  price: count,
  currencyType: currencyTypeSchema,
  purchaseDate: time,
  expiryDate: time.nullable(),
  isActive: z.boolean(),
  /**
   * Set for a coin or gem pack bought with money: the payment's reference and what was paid, in
   * the minor unit of `moneyCurrency` (`price` is then 0: no coins or gems were spent).
   */
  paymentReference: z.string().nullable(),
  moneyPrice: count.nullable(),
  moneyCurrency: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseResponseSchema = z.object({
  message: z.string(),
  purchase: purchaseSchema,
  balance: balanceSchema,
});
export const purchasesResponseSchema = z.array(purchaseSchema);

// ── Payments (coin and gem packs) ───────────────────────────────────────────────────────────────

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** POST /api/currency/paystack/initialize {shopItemId}: where to send the player to pay. */
export const initializePaymentBodySchema = z.object({ shopItemId: z.number().int().positive() });
export const initializePaymentResponseSchema = z.object({
  reference: z.string(),
  authorizationUrl: z.string(),
  /** True when the built-in test provider stands in for Paystack (no PAYSTACK_SECRET_KEY). */
  testMode: z.boolean(),
});

export const verifyPaymentQuerySchema = z.object({
  reference: z.string().trim().min(1, 'reference is required').max(100, 'reference is too long'),
});
export const verifyPaymentResponseSchema = z.object({
  success: z.boolean(),
  status: paymentStatusSchema,
  balance: balanceSchema,
});

/**
 * POST /api/currency/paystack/cancel {reference}: ends the caller's own pending payment unpaid,
 * unless the provider says it was paid meanwhile (then it completes). Answers as verify does.
 */
export const cancelPaymentBodySchema = verifyPaymentQuerySchema;
export const cancelPaymentResponseSchema = verifyPaymentResponseSchema;

export const pendingTransactionSchema = z.object({
  reference: z.string(),
  status: paymentStatusSchema,
  shopItemId: z.number().int(),
  name: z.string(),
  createdAt: time,
});
export const pendingTransactionsResponseSchema = z.object({
  pendingTransactions: z.array(pendingTransactionSchema),
});
export type PendingTransaction = z.infer<typeof pendingTransactionSchema>;

// ── Rewards ─────────────────────────────────────────────────────────────────────────────────────

export const dailyRewardSchema = z.object({
  id: z.number().int(),
  day: z.number().int().min(1),
  amount: z.number().int().min(1),
  currencyType: currencyTypeSchema,
  description: z.string(),
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
  bonusItemId: z.number().int().nullable(),
});
export type DailyReward = z.infer<typeof dailyRewardSchema>;

export const dailyRewardsResponseSchema = z.object({
  rewards: z.array(dailyRewardSchema),
  /** The day of the schedule a claim today pays (1-based). */
  today: z.number().int().min(1),
  /** Consecutive UTC days claimed, counting today if already claimed. */
  streak: count,
  claimedToday: z.boolean(),
  /** UTC midnight after which the next claim opens (epoch ms). */
  nextClaimAt: time,
});
export type DailyRewardsState = z.infer<typeof dailyRewardsResponseSchema>;

export const dailyClaimResponseSchema = z.object({
  message: z.string(),
  day: z.number().int().min(1),
  streak: z.number().int().min(1),
  amount: z.number().int().min(1),
  currencyType: currencyTypeSchema,
  bonusItem: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  balance: balanceSchema,
});

export const achievementSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  amount: z.number().int().min(1),
  currencyType: currencyTypeSchema,
  progress: count,
  target: z.number().int().min(1),
  unlocked: z.boolean(),
  claimed: z.boolean(),
});
export type Achievement = z.infer<typeof achievementSchema>;
export const achievementsResponseSchema = z.array(achievementSchema);
export const claimAchievementBodySchema = z.object({
  achievementId: z.string().trim().min(1, 'achievementId is required').max(64, 'achievementId is too long'),
});

export const gameRewardSchema = z.object({
  gameId: z.string(),
  mode: z.string(),
  outcome: z.enum(['win', 'loss']),
  amount: count,
  currencyType: currencyTypeSchema,
  claimed: z.boolean(),
  createdAt: time,
});
export type GameReward = z.infer<typeof gameRewardSchema>;
export const gameRewardsResponseSchema = z.array(gameRewardSchema);
export const claimGameRewardBodySchema = z.object({
  gameId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'gameId must be a game id'),
});

/** Every reward claim answers what it paid and the balance after it. */
export const claimResponseSchema = z.object({
  message: z.string(),
  amount: z.number().int().min(1),
  currencyType: currencyTypeSchema,
  balance: balanceSchema,
});

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────────

/** Balance, ledger, shop and purchases: every one the signed-in player's own. */
export const currencyApi = {
  balance: defineEndpoint({
    method: 'GET',
    path: '/api/currency/balance',
    response: balanceSchema,
    auth: 'required',
  }),
  transactions: defineEndpoint({
    method: 'GET',
    path: '/api/currency/transactions',
    query: transactionsQuerySchema,
    response: transactionsResponseSchema,
    auth: 'required',
  }),
  shop: defineEndpoint({
    method: 'GET',
    path: '/api/currency/shop',
    response: shopResponseSchema,
    auth: 'required',
  }),
  purchase: defineEndpoint({
    method: 'POST',
    path: '/api/currency/shop/:id/purchase',
    params: shopItemParamsSchema,
    response: purchaseResponseSchema,
    auth: 'required',
    errors: ['shop_item_not_found', 'not_for_sale', 'already_owned', 'insufficient_funds'],
  }),
  purchases: defineEndpoint({
    method: 'GET',
    path: '/api/currency/purchases',
    response: purchasesResponseSchema,
    auth: 'required',
  }),
};

/** Coin and gem packs bought with money; see docs/api.md, "Payments". */
export const paymentsApi = {
  initialize: defineEndpoint({
    method: 'POST',
    path: '/api/currency/paystack/initialize',
    body: initializePaymentBodySchema,
    response: initializePaymentResponseSchema,
    auth: 'required',
    errors: ['shop_item_not_found', 'not_a_pack'],
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/api/currency/paystack/verify',
    query: verifyPaymentQuerySchema,
    response: verifyPaymentResponseSchema,
    auth: 'required',
    errors: ['payment_not_found'],
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/currency/paystack/cancel',
    body: cancelPaymentBodySchema,
    response: cancelPaymentResponseSchema,
    auth: 'required',
    errors: ['payment_not_found'],
  }),
  pending: defineEndpoint({
    method: 'GET',
    path: '/api/currency/pending-transactions',
    response: pendingTransactionsResponseSchema,
    auth: 'required',
  }),
  /** Paystack's notice of a payment: the signature covers the raw bytes, so they are read as such. */
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/paystack/webhook',
    body: 'raw',
    auth: 'none',
    errors: ['invalid_signature', 'invalid_json'],
  }),
};

/** Daily, achievement and game rewards: every one the signed-in player's own. */
export const rewardsApi = {
  daily: defineEndpoint({
    method: 'GET',
    path: '/api/currency/daily-rewards',
    response: dailyRewardsResponseSchema,
    auth: 'required',
  }),
  claimDaily: defineEndpoint({
    method: 'POST',
    path: '/api/currency/daily-rewards/claim',
    response: dailyClaimResponseSchema,
    auth: 'required',
    errors: ['already_claimed', 'no_daily_reward'],
  }),
  achievements: defineEndpoint({
    method: 'GET',
    path: '/api/currency/achievement-rewards',
    query: limitQuerySchema,
    response: achievementsResponseSchema,
    auth: 'required',
  }),
  claimAchievement: defineEndpoint({
    method: 'POST',
    path: '/api/currency/achievement-rewards/claim',
    body: claimAchievementBodySchema,
    response: claimResponseSchema,
    auth: 'required',
    errors: ['achievement_not_found', 'already_claimed'],
  }),
  gameRewards: defineEndpoint({
    method: 'GET',
    path: '/api/currency/game-rewards',
    query: limitQuerySchema,
    response: gameRewardsResponseSchema,
    auth: 'required',
  }),
  claimGameReward: defineEndpoint({
    method: 'POST',
    path: '/api/currency/game-rewards/claim',
    body: claimGameRewardBodySchema,
    response: claimResponseSchema,
    auth: 'required',
    errors: ['game_reward_not_found', 'already_claimed'],
  }),
};
