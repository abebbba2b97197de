import { describe, expect, it } from 'vitest';
import { socialEvents } from './events';

/** The events with fakes that record what they were asked to do. */
function harness(online: number[] = []) {
  const calls: string[] = [];
  const events = socialEvents({
    send: (userId, message) => void calls.push(`send ${userId} ${JSON.stringify(message)}`),
    presence: { isOnline: async (userId) => online.includes(userId) },
    rooms: { callOffInvitations: async (a, b) => void calls.push(`call off ${a} ${b}`) },
    notifier: {
      notify: async (userId, notification) =>
        void calls.push(`push ${userId} ${notification.kind} ${notification.body}`),
    },
  });
  return { events, calls };
}

describe('social events (docs/design.md, "Social")', () => {
  it('new friends who are online are shown to each other; one offline is not announced', async () => {
    const { events, calls } = harness([1]);
    await events.befriended(1, 2);
    expect(calls).toEqual(['send 2 {"type":"USER_ONLINE","userId":1}']);
  });

  it('parted friends see each other offline and a waiting private game between them is called off', async () => {
    const { events, calls } = harness([1, 2]);
    await events.parted(1, 2);
    expect(calls).toEqual([
      'send 1 {"type":"USER_OFFLINE","userId":2}',
      'send 2 {"type":"USER_OFFLINE","userId":1}',
      'call off 1 2',
    ]);
  });

  it('a request reaches the asked player on their sockets and by push', async () => {
    const { events, calls } = harness();
    await events.requested!({ id: 1, username: 'ada' }, 2);
    expect(calls).toEqual([
      'send 2 {"type":"FRIEND_REQUEST","userId":1}',
      'push 2 friend_request ada wants to be your friend',
    ]);
  });
});
