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

/** One deck of the catalogue, a row of the table below. */
const deck = (
  folder: DeckFolder,
  name: string,
  deckType: DeckType,
  membership: DeckMembership,
  price: number,
): CatalogueDeck => ({ folder, name, deckType, membership, price });

export const DECK_CATALOGUE: readonly CatalogueDeck[] = [
  deck(DEFAULT_DECK_FOLDER, 'Spar Kente', 'classic', 'free', 0),
  deck('classic', 'Classic', 'classic', 'free', 0),
  deck('blue-back', 'Blue Back', 'classic', 'free', 0),
  deck('orthodoxy', 'Orthodoxy', 'classic', 'free', 0),
  deck('jolly-blinds', 'Jolly Blinds', 'classic', 'free', 0),
  deck('test-2', 'Test Pattern', 'classic', 'free', 0),
  deck('daring-rosy-gardens', 'Daring Rosy Gardens', 'nature', 'free', 0),
  deck('revering-blinds', 'Revering Blinds', 'classic', 'premium', 500),
  deck('glaciers-of-light', 'Glaciers of Light', 'nature', 'premium', 800),
  deck('pixel-city', 'Pixel City', 'pixel', 'premium', 800),
  deck('rome', 'Rome', 'royal', 'premium', 1000),
  deck('arabian-knights', 'Arabian Knights', 'royal', 'premium', 1000),
  deck('order-of-the-robed-king', 'Order of the Robed King', 'royal', 'premium', 1200),
  deck('blades-of-time', 'Blades of Time', 'fantasy', 'premium', 1000),
  deck('enchantered-corners', 'Enchanted Corners', 'fantasy', 'premium', 1200),
  deck('grey20wyvern', 'Grey Wyvern', 'fantasy', 'premium', 1200),
  deck('faceless-emissary', 'Faceless Emissary', 'fantasy', 'premium', 1500),
  deck('rage', 'Rage', 'fantasy', 'premium', 1500),
  deck('twilight-deeps-of-obuasi', 'Twilight Deeps of Obuasi', 'nature', 'exclusive', 40),
  deck('emporor201605', 'Emperor', 'royal', 'exclusive', 50),
  deck('scales-of-the-white-order', 'Scales of the White Order', 'royal', 'exclusive', 60),
  deck('incarnate', 'Incarnate', 'fantasy', 'exclusive', 60),
  deck('cataclysm', 'Cataclysm', 'fantasy', 'exclusive', 75),
  deck('quintessential-planes', 'Quintessential Planes', 'fantasy', 'exclusive', 80),
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
