/**
 * The contracts of /api/deck/* and /api/customization/* (card decks and avatars). Server routes
 * register these schemas and the renderer infers its types from them. See docs/api.md, "Decks
 * and avatars".
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { activateSoundPackBodySchema, soundPackStateSchema } from './sound';
import { currencyTypeSchema } from './currency';

/** The system default deck: every player owns it, and it is the default until they pick another. */
export const SYSTEM_DECK_ID = -1;

export const DECK_TYPES = ['classic', 'fantasy', 'nature', 'pixel', 'royal'] as const;
export const deckTypeSchema = z.enum(DECK_TYPES);
export type DeckType = z.infer<typeof deckTypeSchema>;

export const DECK_MEMBERSHIPS = ['free', 'premium', 'exclusive'] as const;
export const deckMembershipSchema = z.enum(DECK_MEMBERSHIPS);
export type DeckMembership = z.infer<typeof deckMembershipSchema>;

/**
 * A deck id in a path: -1 (the system default deck) or a positive safe integer. Anything else
 * names no deck, so the route answers 404.
 */
export const deckIdParamsSchema = z.object({
  deckId: z
    .string()
    .regex(/^(-1|[1-9][0-9]{0,15})$/)
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER)),
});

export const deckSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deckType: deckTypeSchema,
  /** Where the art is served from: `/assets/decks/{folder}` (see shared/decks.ts `deckFolder`). */
  deckUrl: z.string(),
  membership: deckMembershipSchema,
  /** Whole coins (premium decks) or gems (exclusive decks); 0 for free decks. */
  price: z.number().int().nonnegative(),
  currencyType: currencyTypeSchema,
  isTradeable: z.boolean(),
  owned: z.boolean(),
  isDefault: z.boolean(),
});
export type Deck = z.infer<typeof deckSchema>;

export const deckCatalogResponseSchema = z.array(deckSchema);

/** An owned deck: the catalogue entry as `cardDeckId`, with when it was acquired (null for -1). */
export const userDeckSchema = deckSchema.extend({
  cardDeckId: z.number().int(),
  acquiredAt: z.number().int().nullable(),
});
export type UserDeck = z.infer<typeof userDeckSchema>;
export const myDecksResponseSchema = z.array(userDeckSchema);

/** `isPurchase` is true when coins or gems were debited now; `price` is what was debited. */
export const acquireDeckResponseSchema = z.object({
  isPurchase: z.boolean(),
  price: z.number().int().nonnegative(),
  currencyType: currencyTypeSchema,
});
export type AcquireDeckResult = z.infer<typeof acquireDeckResponseSchema>;

export const deckDefaultResponseSchema = z.object({
  message: z.string(),
  /** The default deck after the change (-1 for the system default). */
  defaultDeckId: z.number().int(),
});

// ── Avatars ─────────────────────────────────────────────────────────────────────────────────────

export const AVATAR_SOURCES = ['default', 'shop'] as const;
export const avatarSourceSchema = z.enum(AVATAR_SOURCES);

/** `premium` for a player who owns an exclusive deck or anything bought with gems. */
export const PLAYER_STATUSES = ['standard', 'premium'] as const;
export const playerStatusSchema = z.enum(PLAYER_STATUSES);

export const avatarIdParamsSchema = z.object({
  avatarId: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER)),
});

/** PUT /api/users/me/avatar: an avatar shop item the caller bought, or null for their initials. */
export const setAvatarBodySchema = z.object({
  avatarId: z
    .number({ message: 'avatarId must be a number or null' })
    .int('avatarId must be a whole number')
    .positive('avatarId must be an avatar id')
    .max(Number.MAX_SAFE_INTEGER, 'avatarId must be an avatar id')
    .nullable(),
});

export const avatarChoiceResponseSchema = z.object({
  avatarId: z.number().int().nullable(),
  avatarSource: avatarSourceSchema,
  /** The chosen avatar's image; null for the initials. */
  imageUrl: z.string().nullable(),
});

export const imageUrlResponseSchema = z.object({ imageUrl: z.string() });

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────────

/** The deck catalogue and the caller's collection; see docs/api.md, "Decks and avatars". */
export const deckApi = {
  catalog: defineEndpoint({
    method: 'GET',
    path: '/api/deck/catalog',
    response: deckCatalogResponseSchema,
    auth: 'required',
  }),
  myDecks: defineEndpoint({
    method: 'GET',
    path: '/api/deck/my-decks',
    response: myDecksResponseSchema,
    auth: 'required',
  }),
  acquire: defineEndpoint({
    method: 'POST',
    path: '/api/deck/acquire/:deckId',
    params: deckIdParamsSchema,
    response: acquireDeckResponseSchema,
    auth: 'required',
    errors: ['deck_not_found', 'deck_already_owned', 'insufficient_funds'],
  }),
  setDefault: defineEndpoint({
    method: 'POST',
    path: '/api/deck/set-default/:deckId',
    params: deckIdParamsSchema,
    response: deckDefaultResponseSchema,
    auth: 'required',
    errors: ['deck_not_found', 'deck_not_owned'],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/deck/remove/:deckId',
    params: deckIdParamsSchema,
    response: deckDefaultResponseSchema,
    auth: 'required',
    errors: ['deck_not_found', 'deck_not_owned', 'system_deck'],
  }),
};

/** The caller's avatar and sound pack, and the public avatar look-ups. */
export const customizationApi = {
  setAvatar: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/avatar',
    body: setAvatarBodySchema,
    response: avatarChoiceResponseSchema,
    auth: 'required',
    errors: ['avatar_not_found'],
  }),
  soundPack: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/sound-pack',
    response: soundPackStateSchema,
    auth: 'required',
  }),
  activateSoundPack: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/sound-pack',
    body: activateSoundPackBodySchema,
    response: soundPackStateSchema,
    auth: 'required',
    errors: ['sound_pack_not_found'],
  }),
  avatarImage: defineEndpoint({
    method: 'GET',
    path: '/api/customization/avatars/:avatarId',
    params: avatarIdParamsSchema,
    response: imageUrlResponseSchema,
    auth: 'none',
    errors: ['avatar_not_found'],
  }),
  shopItemImage: defineEndpoint({
    method: 'GET',
    path: '/api/customization/shopItem/:avatarId',
    params: avatarIdParamsSchema,
    response: imageUrlResponseSchema,
    auth: 'none',
    errors: ['shop_item_not_found'],
  }),
};
