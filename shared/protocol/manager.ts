/**
 * The contracts of /api/manager/* (the staff area: daily rewards, shop items, balance adjustments,
 * the audit log and image uploads). See docs/api.md, "Staff area".
 */
import { z } from 'zod';
import { beforeSchema, limitSchema } from './common';
import { defineEndpoint } from './endpoint';
import { balanceSchema, currencyTypeSchema, dailyRewardSchema, shopItemSchema } from './currency';

const MAX_AMOUNT = 1_000_000_000;
const whole = (field: string) =>
  z.number().int(`${field} must be a whole number`).max(MAX_AMOUNT, `${field} is too large`);

/** `/uploads/<name>` as the upload answers it. */
export const UPLOAD_PATH_PATTERN = /^\/uploads\/[A-Za-z0-9_-]{1,64}\.(png|jpg|webp|gif)$/;
/** The shop's own art, built into the web app. */
const ASSET_PATH_PATTERN = /^\/assets\/(?!.*\.\.)[A-Za-z0-9_./-]{1,200}$/;

/** An absolute http(s) address with a host and no spaces (shared code has no URL parser). */
const HTTP_URL_PATTERN = /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?(\/[^\s]*)?$/i;

/**
 * An image address: an http(s) URL or an uploaded image (`/uploads/…`); with `assets`, also the
 * shop's built-in art (`/assets/…`). Blank means no image.
 */
function imageUrl(field: string, assets: boolean) {
  return z
    .string()
    .trim()
    .max(500, `${field} is too long`)
    .refine(
      (value) =>
        value === '' ||
        HTTP_URL_PATTERN.test(value) ||
        UPLOAD_PATH_PATTERN.test(value) ||
        (assets && ASSET_PATH_PATTERN.test(value)),
      `${field} must be an http(s) address or an uploaded image (/uploads/…)`,
    );
}

const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number);
export const managerIdParamsSchema = z.object({ id: idParam });
export const managerUserParamsSchema = z.object({ userId: idParam });

// ── Daily rewards ───────────────────────────────────────────────────────────────────────────────

const rewardFields = {
  day: whole('day').min(1, 'day must be at least 1'),
  amount: whole('amount').min(1, 'amount must be at least 1'),
  currencyType: currencyTypeSchema,
  description: z
    .string()
    .trim()
    .min(1, 'description is required')
    .max(200, 'description must be at most 200 characters'),
  imageUrl: imageUrl('imageUrl', false)
    .nullable()
    .transform((value) => value || null),
  isActive: z.boolean(),
  bonusItemId: z.number().int('bonusItemId must be a shop item id').positive().nullable(),
};

/** A new reward; what is left out takes the defaults of a new reward (day 1, 50 coins, …). */
export const createDailyRewardBodySchema = z.object({
  day: rewardFields.day.default(1),
  amount: rewardFields.amount.default(50),
  currencyType: rewardFields.currencyType.default('regular'),
  description: rewardFields.description.default('Daily login reward'),
  imageUrl: rewardFields.imageUrl.default(null),
  isActive: rewardFields.isActive.default(true),
  bonusItemId: rewardFields.bonusItemId.default(null),
});
export type CreateDailyRewardBody = z.infer<typeof createDailyRewardBodySchema>;

/** An edit: any of the fields (the server refuses an empty one). */
export const updateDailyRewardBodySchema = z.object(rewardFields).partial();
export type UpdateDailyRewardBody = z.infer<typeof updateDailyRewardBodySchema>;

export const managerDailyRewardsResponseSchema = z.array(dailyRewardSchema);

// ── Shop items ──────────────────────────────────────────────────────────────────────────────────

const itemName = z.string().trim().min(1, 'name is required').max(80, 'name must be at most 80 characters');
const itemDescription = z.string().trim().max(300, 'description must be at most 300 characters');
const itemImage = imageUrl('imageUrl', true).refine((value) => value !== '', 'imageUrl is required');
const price = whole('price').min(0, 'price must be at least 0');
const moneyPrice = whole('moneyPrice').min(1, 'moneyPrice must be at least 1');
const grantAmount = whole('grantAmount').min(1, 'grantAmount must be at least 1');

/** Avatars, sound packs and decks are bought with coins or gems; packs with money. */
export const createShopItemBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['avatar', 'sound_pack', 'deck']),
    name: itemName,
    description: itemDescription.default(''),
    imageUrl: itemImage,
    assetUrl: imageUrl('assetUrl', true)
      .nullable()
      .transform((value) => value || null)
      .default(null),
    price,
    currencyType: currencyTypeSchema,
    isActive: z.boolean().default(true),
  }),
  z.object({
    kind: z.enum(['coin_pack', 'gem_pack']),
    name: itemName,
    description: itemDescription.default(''),
    imageUrl: itemImage,
    /** In the minor unit of the payment currency (kobo for NGN). */
    moneyPrice,
    grantAmount,
    isActive: z.boolean().default(true),
  }),
]);
export type CreateShopItemBody = z.infer<typeof createShopItemBodySchema>;

export const updateShopItemBodySchema = z
  .object({
    name: itemName,
    description: itemDescription,
    imageUrl: itemImage,
    price,
    currencyType: currencyTypeSchema,
    moneyPrice,
    grantAmount,
    isActive: z.boolean(),
  })
  .partial();
export type UpdateShopItemBody = z.infer<typeof updateShopItemBodySchema>;

/** A shop item as staff see it: what players see, less their ownership, plus its sku, place and state. */
export const managerShopItemSchema = shopItemSchema.omit({ owned: true }).extend({
  sku: z.string(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
});
export type ManagerShopItem = z.infer<typeof managerShopItemSchema>;
export const managerShopItemsResponseSchema = z.array(managerShopItemSchema);

// ── Balance adjustments ─────────────────────────────────────────────────────────────────────────

export const adjustBalanceBodySchema = z.object({
  currencyType: currencyTypeSchema,
  /** Positive grants, negative deducts. */
  amount: whole('amount')
    .min(-MAX_AMOUNT, 'amount is too large')
    .refine((value) => value !== 0, 'amount must not be 0'),
  reason: z
    .string()
    .trim()
    .min(3, 'reason must be at least 3 characters')
    .max(200, 'reason must be at most 200 characters'),
});
export type AdjustBalanceBody = z.infer<typeof adjustBalanceBodySchema>;

export const adjustBalanceResponseSchema = z.object({
  message: z.string(),
  /** The audit entry; the ledger reference is `staff:<actionId>`. */
  actionId: z.number().int(),
  balance: balanceSchema,
});

// ── Audit ───────────────────────────────────────────────────────────────────────────────────────

export const auditQuerySchema = z.object({
  limit: limitSchema(20),
  /** Cursor: only actions older than this id (the `nextBefore` of the previous page). */
  before: beforeSchema('before must be an action id'),
});

export const staffActionSchema = z.object({
  id: z.number().int(),
  staffUserId: z.number().int().nullable(),
  staffUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.number().int(),
});
export type StaffAction = z.infer<typeof staffActionSchema>;

export const auditResponseSchema = z.object({
  actions: z.array(staffActionSchema),
  nextBefore: z.number().int().nullable(),
});

// ── Uploads ─────────────────────────────────────────────────────────────────────────────────────

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const uploadImageResponseSchema = z.object({ imageUrl: z.string() });
export const uploadParamsSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.(png|jpg|webp|gif)$/),
});

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────────

/** The staff area: managers and admins only (anyone else signed in gets 403 `staff_only`). */
export const managerApi = {
  dailyRewards: defineEndpoint({
    method: 'GET',
    path: '/api/manager/daily-rewards',
    response: managerDailyRewardsResponseSchema,
    auth: 'staff',
    errors: ['staff_only'],
  }),
  createDailyReward: defineEndpoint({
    method: 'POST',
    path: '/api/manager/daily-rewards',
    body: createDailyRewardBodySchema,
    response: dailyRewardSchema,
    status: 201,
    auth: 'staff',
    errors: ['staff_only', 'daily_reward_day_taken', 'unknown_bonus_item'],
  }),
  updateDailyReward: defineEndpoint({
    method: 'PUT',
    path: '/api/manager/daily-rewards/:id',
    params: managerIdParamsSchema,
    body: updateDailyRewardBodySchema,
    response: dailyRewardSchema,
    auth: 'staff',
    errors: [
      'staff_only',
      'daily_reward_not_found',
      'daily_reward_day_taken',
      'unknown_bonus_item',
      'nothing_to_change',
    ],
  }),
  deleteDailyReward: defineEndpoint({
    method: 'DELETE',
    path: '/api/manager/daily-rewards/:id',
    params: managerIdParamsSchema,
    status: 204,
    auth: 'staff',
    errors: ['staff_only', 'daily_reward_not_found'],
  }),
  shopItems: defineEndpoint({
    method: 'GET',
    path: '/api/manager/shop-items',
    response: managerShopItemsResponseSchema,
    auth: 'staff',
    errors: ['staff_only'],
  }),
  createShopItem: defineEndpoint({
    method: 'POST',
    path: '/api/manager/shop-items',
    body: createShopItemBodySchema,
    response: managerShopItemSchema,
    status: 201,
    auth: 'staff',
    errors: ['staff_only'],
  }),
  updateShopItem: defineEndpoint({
    method: 'PUT',
    path: '/api/manager/shop-items/:id',
    params: managerIdParamsSchema,
    body: updateShopItemBodySchema,
    response: managerShopItemSchema,
    auth: 'staff',
    errors: ['staff_only', 'shop_item_not_found', 'nothing_to_change'],
  }),
  adjustBalance: defineEndpoint({
    method: 'POST',
    path: '/api/manager/users/:userId/adjust',
    params: managerUserParamsSchema,
    body: adjustBalanceBodySchema,
    response: adjustBalanceResponseSchema,
    auth: 'staff',
    errors: ['staff_only', 'user_not_found', 'insufficient_funds'],
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/manager/audit',
    query: auditQuerySchema,
    response: auditResponseSchema,
    auth: 'staff',
    errors: ['staff_only'],
  }),
  /** One image as multipart form data, a single field named `file`, at most 2 MB. */
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/manager/upload-image',
    body: 'multipart',
    response: uploadImageResponseSchema,
    auth: 'staff',
    errors: ['staff_only', 'no_file', 'invalid_upload', 'file_too_large', 'unsupported_image'],
  }),
};
