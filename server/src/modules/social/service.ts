import {
  FRIEND_SEARCH_LIMIT,
  type Friendship,
  type FriendsList,
  type ProfileVisibility,
  type SearchUser,
} from '@shared/protocol';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import type { CustomizationService } from '../customization/service';
import * as repo from './repo';
import { relationBetween, type FriendshipRow } from './relations';

/**
 * What the rest of the server hears when two players' standing changes, so presence follows it
 * at once: `befriended` when a pair becomes friends, `parted` when friends (or a pending pair)
 * are removed or blocked (`a` is the player who acted).
 */
export interface SocialEvents {
  befriended(a: number, b: number): Promise<void>;
  parted(a: number, b: number): Promise<void>;
  /** A new pending request from `from` (named `fromUsername`) to `to`: a player who is away is told by push. */
  requested?(from: { id: number; username: string }, to: number): Promise<void>;
}

const userNotFound = () => new DomainError('not_found', 'User not found', 'user_not_found');

/**
 * Friend requests, friends, blocks, search and profile visibility. The rules (who may ask whom,
 * what a block replaces, how crossing requests meet) are in docs/design.md, "Social".
 */
export class SocialService {
  constructor(
    private readonly deps: {
      db: Db;
      now: () => number;
      customization: Pick<CustomizationService, 'appearance'>;
      events?: SocialEvents;
    },
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  private async entry(row: FriendshipRow, me: number, otherUsername?: string): Promise<Friendship> {
    const other = row.user_id === me ? row.friend_id : row.user_id;
    const [username, profile] = await Promise.all([
      otherUsername ??
        this.db
          .selectFrom('users')
          .select('username')
          .where('id', '=', other)
          .executeTakeFirstOrThrow()
          .then((u) => u.username),
      this.deps.customization.appearance(other),
    ]);
    return {
      id: row.id,
      userId: me,
      friendId: other,
      status: row.status,
      createdAt: row.created_at,
      username,
      profile,
      requestedBy: row.user_id,
      blockedBy: row.blocked_by,
    };
  }

  async list(me: number): Promise<FriendsList> {
    const rows = await repo.listFor(this.db, me);
    const entries = await Promise.all(rows.map((row) => this.entry(row, me, row.otherUsername)));
    return {
      friends: entries.filter((e) => e.status !== 'pending'),
      incoming: entries.filter((e) => e.status === 'pending' && e.requestedBy !== me),
      outgoing: entries.filter((e) => e.status === 'pending' && e.requestedBy === me),
    };
  }

  /**
   * Asks `to` to be friends. A request crossing one `to` already sent the caller accepts it: both
   * want it, so they are friends at once.
   */
  async request(me: number, to: number): Promise<Friendship> {
    if (to === me)
      throw new DomainError('invalid', 'You cannot send a friend request to yourself', 'cannot_friend_self');
    const target = await repo.findLiveUser(this.db, to);
    if (!target) throw userNotFound();
    const now = this.deps.now();
    if (target.profile_visibility !== 'public' || target.marked_for_delete_at !== null) {
      throw new DomainError(
        'forbidden',
        'This player does not accept friend requests: their profile is private',
        'profile_private',
      );
    }
    // Two tries: a row that vanishes between the insert and the read (a rejection, a removal)
    // leaves room for the request.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await repo.insertRequest(this.db, me, to, now)) {
        const row = await relationBetween(this.db, me, to);
        if (!row) continue;
        if (this.deps.events?.requested) {
          const asker = await repo.findLiveUser(this.db, me);
          if (asker) await this.deps.events.requested({ id: me, username: asker.username }, to);
        }
        return this.entry(row, me, target.username);
      }
      const row = await relationBetween(this.db, me, to);
      if (!row) continue;
      if (row.status === 'blocked') {
        // Whoever was blocked learns no more than that the player cannot be found.
        if (row.blocked_by !== me) throw userNotFound();
        throw new DomainError(
          'conflict',
          'You blocked this player: unblock them before sending a request',
          'user_blocked',
        );
      }
      if (row.status === 'accepted')
        throw new DomainError('conflict', 'You are already friends with this player', 'already_friends');
      if (row.user_id === me)
        throw new DomainError('conflict', 'You already sent this player a request', 'request_pending');
      // Their request to the caller is waiting: this one accepts it.
      if (await repo.acceptRequest(this.db, row.id, me, now)) await this.deps.events?.befriended(me, to);
      const accepted = await relationBetween(this.db, me, to);
      if (accepted?.status === 'accepted') return this.entry(accepted, me, target.username);
    }
    throw new DomainError('conflict', 'The request changed meanwhile; try again', 'request_changed');
  }

  async respond(
    me: number,
    requestId: number,
    status: 'accepted' | 'rejected',
  ): Promise<{ status: 'accepted' | 'rejected'; friendship: Friendship | null }> {
    const now = this.deps.now();
    const row = await repo.findById(this.db, requestId);
    const notFound = () =>
      new DomainError('not_found', 'Friend request not found', 'friend_request_not_found');
    if (!row || (row.user_id !== me && row.friend_id !== me)) throw notFound();
    if (row.status !== 'pending') {
      if (row.status === 'accepted' && row.friend_id === me && status === 'accepted')
        return { status, friendship: await this.entry(row, me) };
      throw notFound();
    }
    if (row.friend_id !== me)
      throw new DomainError(
        'forbidden',
        'Only the player who was asked can answer this request',
        'not_request_receiver',
      );
    if (status === 'rejected') {
      if (!(await repo.rejectRequest(this.db, row.id, me))) throw notFound();
      return { status, friendship: null };
    }
    if (!(await repo.acceptRequest(this.db, row.id, me, now))) throw notFound();
    await this.deps.events?.befriended(me, row.user_id);
    return { status, friendship: await this.entry({ ...row, status: 'accepted', updated_at: now }, me) };
  }

  /** Ends a friendship, or withdraws or turns down a pending request, with `other`. */
  async remove(me: number, other: number): Promise<{ message: string }> {
    if (!(await repo.deleteFriendship(this.db, me, other)))
      throw new DomainError('not_found', 'You are not friends with this player', 'not_friends');
    await this.deps.events?.parted(me, other);
    return { message: 'Friend removed' };
  }

  /** Blocks `other`, replacing whatever the pair had; a block already in place stands. */
  async block(me: number, other: number): Promise<Friendship> {
    if (other === me) throw new DomainError('invalid', 'You cannot block yourself', 'cannot_block_self');
    if (!(await repo.findLiveUser(this.db, other))) throw userNotFound();
    const before = await relationBetween(this.db, me, other);
    await repo.upsertBlock(this.db, me, other, this.deps.now());
    const row = await relationBetween(this.db, me, other);
    if (!row || row.status !== 'blocked') throw new Error('block did not take');
    if (before?.status !== 'blocked') await this.deps.events?.parted(me, other);
    // A block the other player placed first stands; the caller is told only that the pair is blocked.
    return this.entry(row.blocked_by === me ? row : { ...row, blocked_by: null }, me);
  }

  async unblock(me: number, other: number): Promise<{ message: string }> {
    if (!(await repo.deleteBlock(this.db, me, other)))
      throw new DomainError('not_found', 'You have not blocked this player', 'not_blocked');
    return { message: 'User unblocked' };
  }

  async search(me: number, username: string): Promise<SearchUser[]> {
    const users = await repo.searchUsers(this.db, me, username.trim(), FRIEND_SEARCH_LIMIT);
    return Promise.all(
      users.map(async (u) => ({
        id: u.id,
        username: u.username,
        profile: await this.deps.customization.appearance(u.id),
      })),
    );
  }

  async visibility(me: number): Promise<{ profileVisibility: ProfileVisibility }> {
    return { profileVisibility: await repo.visibilityOf(this.db, me) };
  }

  async setVisibility(
    me: number,
    profileVisibility: ProfileVisibility,
  ): Promise<{ profileVisibility: ProfileVisibility }> {
    await repo.setVisibility(this.db, me, profileVisibility, this.deps.now());
    return { profileVisibility };
  }
}
