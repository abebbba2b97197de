// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@shared/protocol';
import type { NativeNotification } from '../platform';
import { watchForNotifications } from './native-notifications';
import { fakeSocket } from '../lib/testing/fake-socket';

function harness(state: { hidden: boolean; focused: boolean }) {
  const shown: NativeNotification[] = [];
  const doc = {
    get hidden() {
      return state.hidden;
    },
    hasFocus: () => state.focused,
    location: { pathname: '/shop', search: '?tab=decks' },
  } as unknown as Document;
  const off = watchForNotifications(fakeSocket, {
    platform: { notify: vi.fn(async (n: NativeNotification) => shown.push(n) > 0) },
    doc,
  });
  const receive = (m: ServerMessage) => fakeSocket.emit(m);
  return { shown, receive, off };
}

const match = { type: 'MATCH_FOUND', token: 'a'.repeat(32), opponent: { username: 'kofi', avatarUrl: null } };
const invitation = { type: 'GAME_INVITATION', gameId: 'g1', from: { id: 2, username: 'ama' }, expiresAt: 1 };
const chat = (id: number, fromUserId: number, text: string) => ({
  type: 'CHAT_MESSAGE',
  message: { id, clientId: 'c', fromUserId, toUserId: 1, text, createdAt: 1 },
});

describe('native notifications', () => {
  beforeEach(() => fakeSocket.reset());

  it('announce a match, an invitation and a friend message while the page is hidden', () => {
    const { shown, receive } = harness({ hidden: true, focused: false });
    receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 1 } as ServerMessage);
    receive(match as ServerMessage);
    receive(invitation as ServerMessage);
    receive(chat(7, 2, 'hi') as ServerMessage);
    receive(chat(8, 1, 'my own echo') as ServerMessage);
    expect(shown).toEqual([
      {
        kind: 'match-found',
        title: 'Match found',
        body: 'kofi is waiting. Accept within 30 seconds.',
        route: '/shop?tab=decks',
      },
      {
        kind: 'game-invitation',
        title: 'Game invitation',
        body: 'ama challenges you to a private game',
        route: '/shop?tab=decks',
      },
      { kind: 'message', title: 'New message', body: 'hi', route: '/messages/conversation/2' },
    ]);
  });

  it('stay quiet while the player looks at the app, and announce each invitation once', () => {
    const state = { hidden: false, focused: true };
    const { shown, receive } = harness(state);
    receive(match as ServerMessage);
    expect(shown).toEqual([]);
    state.focused = false;
    receive(invitation as ServerMessage);
    // A reconnect repeats the invitation: it is not announced again.
    receive(invitation as ServerMessage);
    expect(shown.map((n) => n.kind)).toEqual(['game-invitation']);
  });

  it('shorten long messages to 100 characters', () => {
    const { shown, receive } = harness({ hidden: true, focused: false });
    receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 1 } as ServerMessage);
    receive(chat(9, 3, 'x'.repeat(150)) as ServerMessage);
    expect(shown[0]!.body).toBe(`${'x'.repeat(100)}…`);
  });
});
