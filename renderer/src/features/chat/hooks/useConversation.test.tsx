// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/protocol';
import { fakeSocket as fake } from '../../../lib/testing/fake-socket';
import { providers } from '../../../lib/testing/render';
import { SEND_TIMEOUT_MS, useConversation } from './useConversation';

vi.mock('../../../lib/realtime', async () => ({
  socket: (await import('../../../lib/testing/fake-socket')).fakeSocket,
}));

const ME = 3;
const FRIEND = 8;
const message = (id: number, from: number, text: string, clientId = `s${id}`): ChatMessage => ({
  id,
  clientId,
  fromUserId: from,
  toUserId: from === ME ? FRIEND : ME,
  text,
  createdAt: id * 1000,
});

function page(messages: ChatMessage[], nextBefore: number | null) {
  return { friend: { id: FRIEND, username: 'kofi' }, friendshipId: 5, messages, nextBefore };
}

function serve(pages: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string) => {
    const body = url.includes('/read') ? { lastReadId: 1, unreadCount: 0 } : pages[url];
    if (!body) return new Response('{"message":"Not found"}', { status: 404 });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function mount() {
  return renderHook(() => useConversation(ME, FRIEND), { wrapper: providers() });
}

describe('useConversation', () => {
  beforeEach(() => fake.reset());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows history oldest first, loads older pages, adds live messages once, and marks them read', async () => {
    const fetch = serve({
      '/api/chat/8/messages': page([message(5, FRIEND, 'five'), message(4, ME, 'four')], 4),
      '/api/chat/8/messages?before=4': page([message(3, FRIEND, 'three')], null),
    });
    const { result } = mount();
    await waitFor(() => expect(result.current.messages.map((m) => m.text)).toEqual(['four', 'five']));
    expect(result.current.friend).toEqual({ id: FRIEND, username: 'kofi' });
    expect(result.current.friendshipId).toBe(5);
    await act(() => result.current.history.fetchNextPage());
    await waitFor(() =>
      expect(result.current.messages.map((m) => m.text)).toEqual(['three', 'four', 'five']),
    );
    expect(fetch).toHaveBeenCalledWith('/api/chat/8/messages?before=4', expect.anything());
    act(() => {
      fake.emit({ type: 'CHAT_MESSAGE', message: message(6, FRIEND, 'six') });
      fake.emit({ type: 'CHAT_MESSAGE', message: message(6, FRIEND, 'six') });
      // Someone else's conversation is not this one.
      fake.emit({ type: 'CHAT_MESSAGE', message: { ...message(7, 99, 'other'), toUserId: ME } });
    });
    expect(result.current.messages.map((m) => m.id)).toEqual([3, 4, 5, 6]);
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/read')).length).toBeGreaterThanOrEqual(
        2,
      ),
    );
  });

  it('sends with a client id: sending, then sent when the stored message comes back', async () => {
    serve({ '/api/chat/8/messages': page([], null) });
    const { result } = mount();
    await waitFor(() => expect(result.current.history.isSuccess).toBe(true));
    expect(result.current.send('   ')).toBe(false);
    expect(result.current.send('x'.repeat(1001))).toBe(false);
    expect(fake.send).not.toHaveBeenCalled();
    act(() => void result.current.send('  Hello <b>there</b>  '));
    const [frame] = fake.send.mock.calls[0]!;
    expect(frame).toMatchObject({ type: 'CHAT_SEND', toUserId: FRIEND, text: 'Hello <b>there</b>' });
    expect(result.current.pending).toEqual([
      { clientId: frame.clientId, text: 'Hello <b>there</b>', status: 'sending' },
    ]);
    act(() =>
      fake.emit({ type: 'CHAT_MESSAGE', message: message(9, ME, 'Hello <b>there</b>', frame.clientId) }),
    );
    expect(result.current.pending).toEqual([]);
    expect(result.current.messages.map((m) => m.text)).toEqual(['Hello <b>there</b>']);
  });

  it('marks a refused or unanswered message failed, and retries it with the same client id', async () => {
    serve({ '/api/chat/8/messages': page([], null) });
    const { result } = mount();
    await waitFor(() => expect(result.current.history.isSuccess).toBe(true));
    vi.useFakeTimers();
    act(() => void result.current.send('one'));
    act(() => void result.current.send('two'));
    const [one, two] = fake.send.mock.calls.map(([frame]) => frame.clientId as string);
    act(() =>
      fake.emit({
        type: 'ERROR',
        code: 'RATE_LIMITED',
        message: 'You can send 10 messages every 10 seconds; wait a moment',
        ref: 'CHAT_SEND',
        clientId: one,
      }),
    );
    expect(result.current.pending[0]).toMatchObject({
      status: 'failed',
      error: 'You can send 10 messages every 10 seconds; wait a moment',
    });
    expect(result.current.pending[1]).toMatchObject({ status: 'sending' });
    act(() => void vi.advanceTimersByTime(SEND_TIMEOUT_MS));
    expect(result.current.pending[1]).toMatchObject({
      status: 'failed',
      error: 'Not sent: no answer from the server',
    });
    act(() => result.current.retry(one!));
    expect(fake.send).toHaveBeenLastCalledWith({
      type: 'CHAT_SEND',
      clientId: one,
      toUserId: FRIEND,
      text: 'one',
    });
    expect(result.current.pending[0]).toEqual({ clientId: one, text: 'one', status: 'sending' });
    act(() => fake.emit({ type: 'CHAT_MESSAGE', message: message(10, ME, 'one', one) }));
    expect(result.current.pending.map((p) => p.clientId)).toEqual([two]);
  });
});
