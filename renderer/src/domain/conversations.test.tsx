// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, ServerMessage } from '@shared/protocol';
import { useUnreadTotal } from './conversations';
import { fakeSocket } from '../lib/testing/fake-socket';
import { providers } from '../lib/testing/render';

/** The answers of GET /api/chat/conversations, in the order the calls were made. */
const loads = vi.hoisted(() => {
  const calls: { resolve(value: unknown): void }[] = [];
  return { calls, call: vi.fn(() => new Promise((resolve) => calls.push({ resolve }))) };
});
vi.mock('../lib/realtime', async () => ({ socket: (await import('../lib/testing/fake-socket')).fakeSocket }));
vi.mock('../lib/http', () => ({ call: loads.call }));
vi.mock('../lib/session/useSession', () => ({ useSession: () => ({ user: { id: 4, username: 'kofi' } }) }));

const FRIEND = { id: 3, username: 'ama' };
const conversation = (unreadCount: number): Conversation => ({
  friend: FRIEND,
  lastMessage: { id: 9, clientId: 'c9', fromUserId: 3, toUserId: 4, text: 'Are you there?', createdAt: 9000 },
  unreadCount,
});
const chatMessage: ServerMessage = { type: 'CHAT_MESSAGE', message: conversation(1).lastMessage };

function mount() {
  return renderHook(() => useUnreadTotal(), { wrapper: providers() });
}

describe('useUnreadTotal', () => {
  beforeEach(() => {
    fakeSocket.reset();
    loads.calls.length = 0;
  });
  afterEach(cleanup);

  it('loads again on CHAT_MESSAGE and on each sign-in of the socket', async () => {
    const { result } = mount();
    await waitFor(() => expect(loads.calls).toHaveLength(1));
    await act(async () => loads.calls[0]!.resolve([conversation(0)]));
    await waitFor(() => expect(result.current).toBe(0));
    act(() => fakeSocket.emit(chatMessage));
    await waitFor(() => expect(loads.calls).toHaveLength(2));
    await act(async () => loads.calls[1]!.resolve([conversation(1)]));
    await waitFor(() => expect(result.current).toBe(1));
    act(() => fakeSocket.emit({ type: 'MESSAGING_AUTH_SUCCESS', userId: 4 }));
    await waitFor(() => expect(loads.calls).toHaveLength(3));
    await act(async () => loads.calls[2]!.resolve([conversation(2)]));
    await waitFor(() => expect(result.current).toBe(2));
  });

  it('does not lose a message that arrives while the first load is on its way', async () => {
    // The first load was read before the message was stored; its answer comes back after the
    // CHAT_MESSAGE. Joining that load would keep its stale count: a new load must follow.
    const { result } = mount();
    await waitFor(() => expect(loads.calls).toHaveLength(1));
    act(() => fakeSocket.emit(chatMessage));
    await act(async () => loads.calls[0]!.resolve([conversation(0)]));
    await waitFor(() => expect(loads.calls).toHaveLength(2));
    await act(async () => loads.calls[1]!.resolve([conversation(1)]));
    await waitFor(() => expect(result.current).toBe(1));
  });
});
