import { SYSTEM_DECK_ID, type AcquireDeckResult, type Deck, type UserDeck } from '@shared/protocol';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { AlreadyRecorded, isRecorded, moveMoney } from '../currency/ledger';
import {
  allDecks,
  deleteUserDeck,
  findDeck,
  insertUserDeck,
  setDefaultDeck,
  userDeckRows,
  type DeckRow,
} from './repo';

const deckNotFound = () => new DomainError('not_found', 'Deck not found', 'deck_not_found');
const alreadyOwned = () => new DomainError('conflict', 'You already own this deck', 'deck_already_owned');
const notOwned = () =>
  new DomainError('forbidden', 'You do not own this deck: acquire it first', 'deck_not_owned');

/** The ledger key of a deck purchase: one per (user, deck), so a deck is never paid for twice. */
const PURCHASE_REASON = 'deck_purchase';
const purchaseReference = (deckId: number) => `deck:${deckId}`;

function toDeck(row: DeckRow, owned: boolean, isDefault: boolean): Deck {
  return {
    id: row.id,
    name: row.name,
    deckType: row.deck_type,
    deckUrl: row.deck_url,
    membership: row.membership,
    price: row.price,
    currencyType: row.currency_type,
    isTradeable: row.is_tradeable !== 0,
    owned,
    isDefault,
  };
}

/**
 * The deck catalogue and each player's collection. The system default deck (-1) is owned by
 * everyone without a user_decks row, and is the default whenever no row is marked default.
 */
export class DeckService {
  constructor(private readonly deps: { db: Db; now: () => number }) {}

  private async collection(userId: number) {
    const rows = await userDeckRows(this.deps.db.kysely, userId);
    const acquired = new Map(rows.map((row) => [row.deck_id, row.acquired_at]));
    const defaultId = rows.find((row) => row.is_default === 1)?.deck_id ?? SYSTEM_DECK_ID;
    return {
      owns: (id: number) => id === SYSTEM_DECK_ID || acquired.has(id),
      acquiredAt: (id: number) => acquired.get(id) ?? null,
      defaultId,
    };
  }

  async catalog(userId: number): Promise<Deck[]> {
    const [decks, mine] = await Promise.all([allDecks(this.deps.db.kysely), this.collection(userId)]);
    return decks.map((deck) => toDeck(deck, mine.owns(deck.id), deck.id === mine.defaultId));
  }

  async myDecks(userId: number): Promise<UserDeck[]> {
    const [decks, mine] = await Promise.all([allDecks(this.deps.db.kysely), this.collection(userId)]);
    return decks
      .filter((deck) => mine.owns(deck.id))
      .map((deck) => ({
        ...toDeck(deck, true, deck.id === mine.defaultId),
        cardDeckId: deck.id,
        acquiredAt: mine.acquiredAt(deck.id),
      }));
  }

  /**
   * Adds a deck to the caller's collection. Free and price-0 decks cost nothing; a priced deck is
   * debited in its currency in the same transaction as the ownership row, so both happen or
   * neither. Concurrent attempts at one deck wait on the (user, deck) unique key: one adds it, the
   * others find it owned. A deck paid for before (then removed) comes back without a second charge.
   */
  async acquire(userId: number, deckId: number): Promise<AcquireDeckResult> {
    const db = this.deps.db.kysely;
    if (deckId === SYSTEM_DECK_ID) throw alreadyOwned();
    const deck = await findDeck(db, deckId);
    if (!deck) throw deckNotFound();
    const now = this.deps.now();
    const key = { userId, reason: PURCHASE_REASON, reference: purchaseReference(deck.id) };
    try {
      return await db.transaction().execute(async (trx) => {
        if (!(await insertUserDeck(trx, userId, deck.id, now))) throw alreadyOwned();
        const free = { isPurchase: false, price: 0, currencyType: deck.currency_type };
        if (deck.membership === 'free' || deck.price === 0) return free;
        if (await isRecorded(trx, key)) return free;
        await moveMoney(trx, {
          ...key,
          currencyType: deck.currency_type,
          delta: -deck.price,
          description: `Bought the ${deck.name} deck`,
          now,
        });
        return { isPurchase: true, price: deck.price, currencyType: deck.currency_type };
      });
    } catch (error) {
      // Only a concurrent remove-and-reacquire reaches this: the deck was just paid for.
      if (error instanceof AlreadyRecorded) throw alreadyOwned();
      throw error;
    }
  }

  /** Makes an owned deck the caller's default; -1 goes back to the system default deck. */
  async setDefault(userId: number, deckId: number): Promise<{ message: string; defaultDeckId: number }> {
    const db = this.deps.db.kysely;
    const deck = await findDeck(db, deckId);
    if (!deck) throw deckNotFound();
    await db.transaction().execute(async (trx) => {
      // Thrown inside, so the cleared default is rolled back when the deck is not owned.
      if (!(await setDefaultDeck(trx, userId, deck.id === SYSTEM_DECK_ID ? null : deck.id))) throw notOwned();
    });
    return { message: `${deck.name} is now your default deck`, defaultDeckId: deck.id };
  }

  /** Removes a deck from the caller's collection; if it was the default, -1 takes its place. */
  async remove(userId: number, deckId: number): Promise<{ message: string; defaultDeckId: number }> {
    const db = this.deps.db.kysely;
    if (deckId === SYSTEM_DECK_ID)
      throw new DomainError('invalid', 'The system default deck cannot be removed', 'system_deck');
    const deck = await findDeck(db, deckId);
    if (!deck) throw deckNotFound();
    if (!(await deleteUserDeck(db, userId, deck.id))) throw notOwned();
    // The default flag lived on the deleted row, so whatever default remains is the answer.
    const { defaultId } = await this.collection(userId);
    return { message: `${deck.name} was removed from your decks`, defaultDeckId: defaultId };
  }
}
