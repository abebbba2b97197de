import type { Kysely } from 'kysely';
import { DECK_FOLDERS, DEFAULT_DECK_FOLDER, type DeckFolder } from '@shared/decks';
import { SYSTEM_DECK_ID, type DeckMembership, type DeckType } from '@shared/protocol';
import type { Database } from '../../db/schema';

/**
 * The deck catalogue: one deck per art folder of shared/decks.ts, written at start-up. The art is
 * drawn by build/decks/generate.mjs and served under /assets/decks/{folder}/. Free decks cost 0,
 * premium decks coins, exclusive decks gems. Premium decks are tradeable; exclusive decks stay
 * with their buyer.
 */
export interface CatalogueDeck {
  folder: DeckFolder;
  name: string;
  deckType: DeckType;
  membership: DeckMembership;
  price: number;
}

export const DECK_CATALOGUE: readonly CatalogueDeck[] = [
  { folder: DEFAULT_DECK_FOLDER, name: 'Spar Kente', deckType: 'classic', membership: 'free', price: 0 },
  { folder: 'classic', name: 'Classic', deckType: 'classic', membership: 'free', price: 0 },
  { folder: 'blue-back', name: 'Blue Back', deckType: 'classic', membership: 'free', price: 0 },
  { folder: 'orthodoxy', name: 'Orthodoxy', deckType: 'classic', membership: 'free', price: 0 },
  { folder: 'jolly-blinds', name: 'Jolly Blinds', deckType: 'classic', membership: 'free', price: 0 },
  { folder: 'test-2', name: 'Test Pattern', deckType: 'classic', membership: 'free', price: 0 },
  {
    folder: 'daring-rosy-gardens',
    name: 'Daring Rosy Gardens',
    deckType: 'nature',
    membership: 'free',
    price: 0,
  },
  {
    folder: 'revering-blinds',
    name: 'Revering Blinds',
    deckType: 'classic',
    membership: 'premium',
    price: 500,
  },
  {
    folder: 'glaciers-of-light',
    name: 'Glaciers of Light',
    deckType: 'nature',
    membership: 'premium',
    price: 800,
  },
  { folder: 'pixel-city', name: 'Pixel City', deckType: 'pixel', membership: 'premium', price: 800 },
  { folder: 'rome', name: 'Rome', deckType: 'royal', membership: 'premium', price: 1000 },
  {
    folder: 'arabian-knights',
    name: 'Arabian Knights',
    deckType: 'royal',
    membership: 'premium',
    price: 1000,
  },
  {
    folder: 'order-of-the-robed-king',
    name: 'Order of the Robed King',
    deckType: 'royal',
    membership: 'premium',
    price: 1200,
  },
  {
    folder: 'blades-of-time',
    name: 'Blades of Time',
    deckType: 'fantasy',
    membership: 'premium',
    price: 1000,
  },
  {
    folder: 'enchantered-corners',
    name: 'Enchanted Corners',
    deckType: 'fantasy',
    membership: 'premium',
    price: 1200,
  },
  { folder: 'grey20wyvern', name: 'Grey Wyvern', deckType: 'fantasy', membership: 'premium', price: 1200 },
  {
    folder: 'faceless-emissary',
    name: 'Faceless Emissary',
    deckType: 'fantasy',
    membership: 'premium',
    price: 1500,
  },
  { folder: 'rage', name: 'Rage', deckType: 'fantasy', membership: 'premium', price: 1500 },
  {
    folder: 'twilight-deeps-of-obuasi',
    name: 'Twilight Deeps of Obuasi',
    deckType: 'nature',
    membership: 'exclusive',
    price: 40,
  },
  { folder: 'emporor201605', name: 'Emperor', deckType: 'royal', membership: 'exclusive', price: 50 },
  {
    folder: 'scales-of-the-white-order',
    name: 'Scales of the White Order',
    deckType: 'royal',
    membership: 'exclusive',
    price: 60,
  },
  { folder: 'incarnate', name: 'Incarnate', deckType: 'fantasy', membership: 'exclusive', price: 60 },
  { folder: 'cataclysm', name: 'Cataclysm', deckType: 'fantasy', membership: 'exclusive', price: 75 },
  {
    folder: 'quintessential-planes',
    name: 'Quintessential Planes',
    deckType: 'fantasy',
    membership: 'exclusive',
    price: 80,
  },
];

export function deckUrlOf(folder: DeckFolder): string {
  return `/assets/decks/${folder}`;
}

/** Checked by decks.test.ts: every folder once, free decks at 0 and priced decks above it. */
export function catalogueProblems(): string[] {
  const problems: string[] = [];
  const folders = DECK_CATALOGUE.map((deck) => deck.folder);
  if ([...folders].sort().join() !== [...DECK_FOLDERS].sort().join())
    problems.push('the catalogue must name every deck folder exactly once');
  for (const deck of DECK_CATALOGUE) {
    if ((deck.membership === 'free') !== (deck.price === 0) || !Number.isSafeInteger(deck.price))
      problems.push(`${deck.folder}: free decks cost 0 and only they do`);
  }
  return problems;
}

/**
 * Inserts the decks, or brings existing rows (matched by folder) up to date, so every start
 * converges on the list above and nodes starting together cannot create duplicates. The default
 * folder is always the row with id -1.
 */
export async function seedDecks(db: Kysely<Database>, now: number): Promise<void> {
  const rows = DECK_CATALOGUE.map((deck, index) => ({
    ...(deck.folder === DEFAULT_DECK_FOLDER ? { id: SYSTEM_DECK_ID } : {}),
    folder: deck.folder,
    name: deck.name,
    deck_type: deck.deckType,
    membership: deck.membership,
    price: deck.price,
    currency_type: deck.membership === 'exclusive' ? ('premium' as const) : ('regular' as const),
    is_tradeable: deck.membership === 'premium' ? 1 : 0,
    deck_url: deckUrlOf(deck.folder),
    sort_order: (index + 1) * 10,
    created_at: now,
  }));
  // The fixed row first, on its own: a multi-row insert must give every row the same columns.
  const [system, ...others] = rows;
  for (const values of [[system!], others]) {
    await db
      .insertInto('decks')
      .values(values)
      .onConflict((oc) =>
        oc.column('folder').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          deck_type: eb.ref('excluded.deck_type'),
          membership: eb.ref('excluded.membership'),
          price: eb.ref('excluded.price'),
          currency_type: eb.ref('excluded.currency_type'),
          is_tradeable: eb.ref('excluded.is_tradeable'),
          deck_url: eb.ref('excluded.deck_url'),
          sort_order: eb.ref('excluded.sort_order'),
        })),
      )
      .execute();
  }
}
