import type { Kysely } from 'kysely';
import type { Database, ShopItemsTable } from '../../db/schema';

/**
 * The shop's own items, written at start-up. Their art and sounds are drawn and synthesised by
 * the build (build/shop/generate.mjs) into /assets/shop/, so every URL here names a file the
 * build makes; catalogue.test.ts checks that.
 */
export interface CatalogueItem {
  sku: string;
  kind: ShopItemsTable['kind'];
  name: string;
  description: string;
  imageUrl: string;
  price: number | null;
  currencyType: 'regular' | 'premium' | null;
  /** Packs: the price in kobo (NGN minor unit) and what the pack credits. */
  moneyPrice: number | null;
  grantAmount: number | null;
  grantCurrencyType: 'regular' | 'premium' | null;
  assetUrl: string | null;
}

const ASSETS = '/assets/shop';
const NAIRA = 100; // kobo

function pack(
  kind: 'coin_pack' | 'gem_pack',
  amount: number,
  naira: number,
  name: string,
  description: string,
): CatalogueItem {
  const unit = kind === 'coin_pack' ? 'coins' : 'gems';
  return {
    sku: `${kind}_${amount}`,
    kind,
    name,
    description,
    imageUrl: `${ASSETS}/packs/${unit}-${amount}.svg`,
    price: null,
    currencyType: null,
    moneyPrice: naira * NAIRA,
    grantAmount: amount,
    grantCurrencyType: kind === 'coin_pack' ? 'regular' : 'premium',
    assetUrl: null,
  };
}

function avatar(
  slug: string,
  name: string,
  description: string,
  price: number,
  currencyType: 'regular' | 'premium',
): CatalogueItem {
  const image = `${ASSETS}/avatars/${slug}.svg`;
  return {
    sku: `avatar_${slug}`,
    kind: 'avatar',
    name,
    description,
    imageUrl: image,
    price,
    currencyType,
    moneyPrice: null,
    grantAmount: null,
    grantCurrencyType: null,
    assetUrl: image,
  };
}

function soundPack(slug: string, name: string, description: string, price: number): CatalogueItem {
  return {
    sku: `sound_pack_${slug}`,
    kind: 'sound_pack',
    name,
    description,
    imageUrl: `${ASSETS}/sounds/${slug}.svg`,
    price,
    currencyType: 'regular',
    moneyPrice: null,
    grantAmount: null,
    grantCurrencyType: null,
    assetUrl: `${ASSETS}/sounds/${slug}.wav`,
  };
}

export const CATALOGUE: readonly CatalogueItem[] = [
  pack('coin_pack', 500, 500, 'Pouch of Coins', '500 coins for avatars, sound packs and decks.'),
  pack('coin_pack', 1200, 1000, 'Chest of Coins', '1,200 coins: 20% more than the pouch for the naira.'),
  pack('coin_pack', 3000, 2000, 'Vault of Coins', '3,000 coins: the best value per naira.'),
  pack('gem_pack', 50, 1000, 'Handful of Gems', '50 gems for premium items.'),
  pack('gem_pack', 120, 2000, 'Pile of Gems', '120 gems: 20% more than the handful for the naira.'),
  pack('gem_pack', 300, 4500, 'Hoard of Gems', '300 gems: the best value per naira.'),
  avatar('lion', 'Lion of the Savanna', 'A golden lion with a proud mane.', 300, 'regular'),
  avatar('owl', 'Night Owl', 'Wide awake for late games.', 400, 'regular'),
  avatar('baobab', 'Baobab', 'The old tree at dusk, patient and unshakeable.', 500, 'regular'),
  avatar('sun', 'Adinkra Sun', 'A bright sun in bold kente colours.', 750, 'regular'),
  avatar('mask', 'Golden Mask', 'A carved mask in gold and deep violet.', 25, 'premium'),
  soundPack('kalimba', 'Kalimba', 'Soft plucked thumb-piano notes for every card you play.', 400),
  soundPack('chimes', 'Evening Chimes', 'Gentle bell tones that ring out each trick.', 600),
  soundPack('drums', 'Talking Drum', 'Warm, rounded drum taps with a little pitch bend.', 800),
];

/**
 * Inserts the catalogue, or brings existing rows (matched by sku) up to date, so every start
 * converges on the items above and nodes starting together cannot create duplicates. Whether an
 * item is on sale (`is_active`) is left as it is: staff may have withdrawn it; an item staff have
 * edited (`edited_at` set) is left alone entirely.
 */
export async function seedCatalogue(db: Kysely<Database>, now: number): Promise<void> {
  const rows = CATALOGUE.map((item, index) => ({
    sku: item.sku,
    kind: item.kind,
    name: item.name,
    description: item.description,
    image_url: item.imageUrl,
    price: item.price,
    currency_type: item.currencyType,
    money_price: item.moneyPrice,
    money_currency: item.moneyPrice === null ? null : 'NGN',
    grant_amount: item.grantAmount,
    grant_currency_type: item.grantCurrencyType,
    asset_url: item.assetUrl,
    sort_order: (index + 1) * 10,
    created_at: now,
  }));
  await db
    .insertInto('shop_items')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('sku')
        .doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          image_url: eb.ref('excluded.image_url'),
          price: eb.ref('excluded.price'),
          currency_type: eb.ref('excluded.currency_type'),
          money_price: eb.ref('excluded.money_price'),
          money_currency: eb.ref('excluded.money_currency'),
          grant_amount: eb.ref('excluded.grant_amount'),
          grant_currency_type: eb.ref('excluded.grant_currency_type'),
          asset_url: eb.ref('excluded.asset_url'),
          sort_order: eb.ref('excluded.sort_order'),
        }))
        .where('shop_items.edited_at', 'is', null),
    )
    .execute();
}
