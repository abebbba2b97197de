import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Any shop item's image, on sale or withdrawn: players keep showing what they bought. */
export function findShopItemImage(db: Db, id: number) {
  return db
    .selectFrom('shop_items')
    .select(['id', 'kind', 'image_url', 'asset_url'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setAvatarItem(db: Db, userId: number, avatarItemId: number | null): Promise<void> {
  await db.updateTable('users').set({ avatar_item_id: avatarItemId }).where('id', '=', userId).execute();
}

export async function avatarItemOf(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('avatar_item_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.avatar_item_id ?? null;
}

/** Whether the user owns an exclusive deck or holds an active purchase paid in gems. */
export async function hasPremiumGoods(db: Db, userId: number): Promise<boolean> {
  const [deck, item] = await Promise.all([
    db
      .selectFrom('user_decks')
      .innerJoin('decks', 'decks.id', 'user_decks.deck_id')
      .select('user_decks.id')
      .where('user_decks.user_id', '=', userId)
      .where('decks.membership', '=', 'exclusive')
      .executeTakeFirst(),
    db
      .selectFrom('purchases')
      .select('id')
      .where('user_id', '=', userId)
      .where('currency_type', '=', 'premium')
      .where('is_active', '=', 1)
      .executeTakeFirst(),
  ]);
  return deck !== undefined || item !== undefined;
}

/**
 * The image of each user's chosen avatar, by user id; users showing their initials are absent.
 * An avatar shows its full image when it has one, else its shop picture.
 */
export async function avatarUrlsOf(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .innerJoin('shop_items', 'shop_items.id', 'users.avatar_item_id')
    .select(['users.id', 'shop_items.image_url', 'shop_items.asset_url'])
    .where('users.id', 'in', [...new Set(userIds)])
    .where('shop_items.kind', '=', 'avatar')
    .execute();
  return new Map(rows.map((row) => [row.id, row.asset_url ?? row.image_url]));
}

/** Sound pack shop items the user holds an active purchase of, oldest first. */
export function ownedSoundPacks(db: Db, userId: number) {
  return db
    .selectFrom('purchases')
    .innerJoin('shop_items', 'shop_items.id', 'purchases.shop_item_id')
    .select(['shop_items.id', 'shop_items.name', 'shop_items.sku'])
    .where('purchases.user_id', '=', userId)
    .where('purchases.is_active', '=', 1)
    .where('shop_items.kind', '=', 'sound_pack')
    .distinct()
    .orderBy('shop_items.id')
    .execute();
}

export function findShopItem(db: Db, id: number) {
  return db
    .selectFrom('shop_items')
    .select(['id', 'kind', 'name', 'sku'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function soundPackItemOf(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('sound_pack_item_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.sound_pack_item_id ?? null;
}

export async function setSoundPackItem(db: Db, userId: number, itemId: number | null): Promise<void> {
  await db.updateTable('users').set({ sound_pack_item_id: itemId }).where('id', '=', userId).execute();
}
