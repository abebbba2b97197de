/** Friends, requests, blocking, search and profile visibility. See docs/api.md, "Friends". */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { avatarSourceSchema, playerStatusSchema } from './decks';

/** A user id in a body: a positive safe integer. */
const userIdSchema = (field: string) =>
  z
    .number({ message: `${field} must be a user id` })
    .int(`${field} must be a user id`)
    .positive(`${field} must be a user id`)
    .max(Number.MAX_SAFE_INTEGER, `${field} must be a user id`);

export const FRIENDSHIP_STATUSES = ['pending', 'accepted', 'blocked'] as const;
export const friendshipStatusSchema = z.enum(FRIENDSHIP_STATUSES);
export type FriendshipStatus = z.infer<typeof friendshipStatusSchema>;

export const PROFILE_VISIBILITIES = ['public', 'private'] as const;
export const profileVisibilitySchema = z.enum(PROFILE_VISIBILITIES);
export type ProfileVisibility = z.infer<typeof profileVisibilitySchema>;

/** What a friends entry or a search result shows of a player's look. */
export const socialProfileSchema = z.object({
  avatarId: z.number().int().nullable(),
  avatarSource: avatarSourceSchema,
  /** The avatar's image, null for the initials. */
  avatarUrl: z.string().nullable(),
  status: playerStatusSchema,
});

/**
 * One friendship as the caller sees it: `userId` is always the caller and `friendId` the other
 * player, whose `username` and `profile` it shows. `requestedBy` is who asked; `blockedBy` who
 * blocked (only ever the caller in a list: a block against the caller is not shown).
 */
export const friendshipSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  friendId: z.number().int(),
  status: friendshipStatusSchema,
  createdAt: z.number().int(),
  username: z.string(),
  profile: socialProfileSchema,
  requestedBy: z.number().int(),
  blockedBy: z.number().int().nullable(),
});
export type Friendship = z.infer<typeof friendshipSchema>;

/** GET /api/friends. */
export const friendsListSchema = z.object({
  /** Accepted friends, and the players the caller blocked (status `blocked`). */
  friends: z.array(friendshipSchema),
  /** Pending requests other players sent the caller: answer them with /api/friends/respond. */
  incoming: z.array(friendshipSchema),
  /** Pending requests the caller sent. */
  outgoing: z.array(friendshipSchema),
});
export type FriendsList = z.infer<typeof friendsListSchema>;

export const friendRequestBodySchema = z.object({ friendId: userIdSchema('friendId') });

export const friendRespondBodySchema = z.object({
  requestId: z
    .number({ message: 'requestId must be a request id' })
    .int('requestId must be a request id')
    .positive('requestId must be a request id')
    .max(Number.MAX_SAFE_INTEGER, 'requestId must be a request id'),
  status: z.enum(['accepted', 'rejected'], { message: 'status must be accepted or rejected' }),
});

export const friendRemoveBodySchema = z.object({ friendId: userIdSchema('friendId') });
export const blockBodySchema = z.object({ userId: userIdSchema('userId') });

/** POST /api/friends/respond: the request's new status; `friendship` is set when accepted. */
export const friendRespondResultSchema = z.object({
  status: z.enum(['accepted', 'rejected']),
  friendship: friendshipSchema.nullable(),
});

/** DELETE /api/friends/remove and POST /api/friends/unblock. */
export const socialDoneSchema = z.object({ message: z.string() });

export const FRIEND_SEARCH_LIMIT = 20;
export const friendSearchQuerySchema = z.object({
  username: z
    .string({ message: 'username is required' })
    .trim()
    .min(1, 'Enter a username to search for')
    .max(20, 'username is at most 20 characters'),
});

/** A player found by GET /api/friends/search. */
export const searchUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile: socialProfileSchema,
});
export type SearchUser = z.infer<typeof searchUserSchema>;
export const friendSearchResultSchema = z.array(searchUserSchema);

/** GET and PUT /api/users/me/visibility. */
export const visibilitySchema = z.object({ profileVisibility: profileVisibilitySchema });
export const visibilityBodySchema = z.object({
  profileVisibility: z.enum(PROFILE_VISIBILITIES, { message: 'profileVisibility must be public or private' }),
});

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────────

/** Friends, requests, blocks, search and profile visibility: every one the caller's own. */
export const socialApi = {
  friends: defineEndpoint({
    method: 'GET',
    path: '/api/friends',
    response: friendsListSchema,
    auth: 'required',
  }),
  request: defineEndpoint({
    method: 'POST',
    path: '/api/friends/request',
    body: friendRequestBodySchema,
    response: friendshipSchema,
    auth: 'required',
    errors: ['user_not_found', 'cannot_friend_self', 'already_friends', 'request_pending'],
  }),
  respond: defineEndpoint({
    method: 'POST',
    path: '/api/friends/respond',
    body: friendRespondBodySchema,
    response: friendRespondResultSchema,
    auth: 'required',
    errors: ['friend_request_not_found', 'request_changed'],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/friends/remove',
    body: friendRemoveBodySchema,
    response: socialDoneSchema,
    auth: 'required',
    errors: ['not_friends'],
  }),
  block: defineEndpoint({
    method: 'POST',
    path: '/api/friends/block',
    body: blockBodySchema,
    response: friendshipSchema,
    auth: 'required',
    errors: ['user_not_found', 'cannot_block_self'],
  }),
  unblock: defineEndpoint({
    method: 'POST',
    path: '/api/friends/unblock',
    body: blockBodySchema,
    response: socialDoneSchema,
    auth: 'required',
    errors: ['not_blocked'],
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/friends/search',
    query: friendSearchQuerySchema,
    response: friendSearchResultSchema,
    auth: 'required',
  }),
  visibility: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/visibility',
    response: visibilitySchema,
    auth: 'required',
  }),
  setVisibility: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/visibility',
    body: visibilityBodySchema,
    response: visibilitySchema,
    auth: 'required',
  }),
};
