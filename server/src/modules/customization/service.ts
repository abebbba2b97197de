import type { z } from 'zod';
import type {
  avatarChoiceResponseSchema,
  avatarSourceSchema,
  playerStatusSchema,
  soundPackStateSchema,
} from '@shared/protocol';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { hasPurchase } from '../currency/repo';
import {
  avatarItemOf,
  avatarUrlsOf,
  findShopItem,
  findShopItemImage,
  hasPremiumGoods,
  ownedSoundPacks,
  setAvatarItem,
  setSoundPackItem,
  soundPackItemOf,
} from './repo';

type AvatarChoice = z.infer<typeof avatarChoiceResponseSchema>;
type SoundPackState = z.infer<typeof soundPackStateSchema>;

const SOUND_PACK_SKU = /^sound_pack_([a-z0-9-]+)$/;
/** A pack's slug names its generated sounds; a pack staff added by hand may have none. */
const soundPackOf = (item: { id: number; name: string; sku: string | null }) => ({
  itemId: item.id,
  name: item.name,
  slug: SOUND_PACK_SKU.exec(item.sku ?? '')?.[1] ?? null,
});

/** What a profile shows of a player's look. */
export interface Appearance {
  avatarId: number | null;
  avatarSource: z.infer<typeof avatarSourceSchema>;
  /** The chosen avatar's image; null for the initials. */
  avatarUrl: string | null;
  status: z.infer<typeof playerStatusSchema>;
}

const avatarNotFound = () => new DomainError('not_found', 'Avatar not found', 'avatar_not_found');

/** An avatar shows its full image when it has one, else its shop picture. */
const avatarImage = (item: { image_url: string; asset_url: string | null }) =>
  item.asset_url ?? item.image_url;

/**
 * Avatars and the status shown on profiles. A player's avatar is an avatar shop item they bought,
 * or none (the renderer draws their initials). Status is `premium` for a player who owns an
 * exclusive deck or holds any purchase paid in gems, `standard` otherwise.
 */
export class CustomizationService {
  constructor(private readonly deps: { db: Db }) {}

  async appearance(userId: number): Promise<Appearance> {
    const db = this.deps.db.kysely;
    const [avatarId, urls, premium] = await Promise.all([
      avatarItemOf(db, userId),
      avatarUrlsOf(db, [userId]),
      hasPremiumGoods(db, userId),
    ]);
    return {
      avatarId,
      avatarSource: avatarId === null ? 'default' : 'shop',
      avatarUrl: urls.get(userId) ?? null,
      status: premium ? 'premium' : 'standard',
    };
  }

  /** Chooses one of the caller's avatars, or null for their initials. */
  async chooseAvatar(userId: number, avatarId: number | null): Promise<AvatarChoice> {
    const db = this.deps.db.kysely;
    if (avatarId === null) {
      await setAvatarItem(db, userId, null);
      return { avatarId: null, avatarSource: 'default', imageUrl: null };
    }
    const item = await findShopItemImage(db, avatarId);
    if (!item || item.kind !== 'avatar') throw avatarNotFound();
    if (!(await hasPurchase(db, userId, item.id, true)))
      throw new DomainError(
        'forbidden',
        'You do not own this avatar: buy it in the shop first',
        'avatar_not_owned',
      );
    await setAvatarItem(db, userId, item.id);
    return { avatarId: item.id, avatarSource: 'shop', imageUrl: avatarImage(item) };
  }

  async avatarImageUrl(avatarId: number): Promise<{ imageUrl: string }> {
    const item = await findShopItemImage(this.deps.db.kysely, avatarId);
    if (!item || item.kind !== 'avatar') throw avatarNotFound();
    return { imageUrl: avatarImage(item) };
  }

  async shopItemImageUrl(id: number): Promise<{ imageUrl: string }> {
    const item = await findShopItemImage(this.deps.db.kysely, id);
    if (!item) throw new DomainError('not_found', 'Shop item not found', 'shop_item_not_found');
    return { imageUrl: item.image_url };
  }

  /** The caller's sound packs and which one plays (null: the standard sounds). */
  async soundPacks(userId: number): Promise<SoundPackState> {
    const db = this.deps.db.kysely;
    const [owned, activeId] = await Promise.all([ownedSoundPacks(db, userId), soundPackItemOf(db, userId)]);
    const packs = owned.map(soundPackOf);
    // A pack no longer held (refunded) stops playing.
    return { active: packs.find((p) => p.itemId === activeId) ?? null, owned: packs };
  }

  /**
   * Activates one of the caller's sound packs, or null for the standard sounds. A pack not bought
   * is refused. See docs/api.md, "Sound packs".
   */
  async activateSoundPack(userId: number, itemId: number | null): Promise<SoundPackState> {
    const db = this.deps.db.kysely;
    if (itemId !== null) {
      const item = await findShopItem(db, itemId);
      if (!item || item.kind !== 'sound_pack')
        throw new DomainError('not_found', 'Sound pack not found', 'sound_pack_not_found');
      if (!(await hasPurchase(db, userId, item.id, true)))
        throw new DomainError(
          'forbidden',
          `Cannot activate sound ${item.name} as it has not been purchased`,
          'sound_pack_not_purchased',
        );
    }
    await setSoundPackItem(db, userId, itemId);
    return this.soundPacks(userId);
  }
}
