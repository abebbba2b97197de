import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@shared/constants';
import { fakeSocket } from '../lib/testing/fake-socket';
import { clientUpdateAtom, requiredUpdate, watchClientUpdate } from './client-update';

const URLS = {
  desktop: 'https://play.spar.test/download',
  android: 'https://play.google.com/store/apps/details?id=game.spar.app',
  ios: 'https://apps.apple.com/app/id123',
};
const above = { minClientVersion: '99.0.0', updateUrls: URLS };

afterEach(() => fakeSocket.reset());

describe('the minimum client version in the app (docs/protocol.md, "Minimum client version")', () => {
  it('requires an update of a desktop or mobile app below the minimum, from its own address', () => {
    expect(requiredUpdate(above, { updateChannel: 'desktop' }, '1.4.0')).toEqual({
      version: '1.4.0',
      minimum: '99.0.0',
      channel: 'desktop',
      url: URLS.desktop,
    });
    expect(requiredUpdate(above, { updateChannel: 'android' }, '1.4.0')?.url).toBe(URLS.android);
    expect(requiredUpdate(above, { updateChannel: 'ios' }, '1.4.0')?.url).toBe(URLS.ios);
    expect(
      requiredUpdate({ ...above, minClientVersion: '1.10.0' }, { updateChannel: 'ios' }, '1.9.3'),
    ).not.toBeNull();
  });

  it('requires nothing at or above the minimum, without one, or of the web app', () => {
    expect(
      requiredUpdate({ ...above, minClientVersion: '1.4.0' }, { updateChannel: 'desktop' }, '1.4.0'),
    ).toBeNull();
    expect(
      requiredUpdate({ ...above, minClientVersion: '1.3.9' }, { updateChannel: 'android' }, '1.4.0'),
    ).toBeNull();
    expect(requiredUpdate(null, { updateChannel: 'desktop' }, '1.4.0')).toBeNull();
    expect(requiredUpdate(above, { updateChannel: null }, '1.4.0')).toBeNull();
    // Its own version by default.
    expect(
      requiredUpdate({ ...above, minClientVersion: APP_VERSION }, { updateChannel: 'desktop' }),
    ).toBeNull();
  });

  it('takes the minimum from /api/health at start, then from each sign-in', async () => {
    const store = createStore();
    const off = watchClientUpdate(fakeSocket, {
      platform: { updateChannel: 'desktop' },
      health: async () => ({ status: 'ok', ...above }),
      store,
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(store.get(clientUpdateAtom)).toEqual(above);
    // The server dropped its minimum: the next sign-in says so and the app plays again.
    fakeSocket.emit({ type: 'MESSAGING_AUTH_SUCCESS', userId: 4 });
    expect(store.get(clientUpdateAtom)).toBeNull();
    fakeSocket.emit({ type: 'MESSAGING_AUTH_SUCCESS', userId: 4, ...above, minClientVersion: '2.0.0' });
    expect(store.get(clientUpdateAtom)).toEqual({ ...above, minClientVersion: '2.0.0' });
    off();
    fakeSocket.emit({ type: 'MESSAGING_AUTH_SUCCESS', userId: 4 });
    expect(store.get(clientUpdateAtom)).toEqual({ ...above, minClientVersion: '2.0.0' });
  });

  it('lets a sign-in that answers before /api/health stand, and carries on when health fails', async () => {
    const store = createStore();
    let answer: (value: object) => void = () => undefined;
    watchClientUpdate(fakeSocket, {
      platform: { updateChannel: 'android' },
      health: () => new Promise((resolve) => (answer = resolve)),
      store,
    });
    fakeSocket.emit({ type: 'MESSAGING_AUTH_SUCCESS', userId: 4, ...above });
    answer({ status: 'ok' });
    await Promise.resolve();
    await Promise.resolve();
    expect(store.get(clientUpdateAtom)).toEqual(above);

    const failing = createStore();
    watchClientUpdate(fakeSocket, {
      platform: { updateChannel: 'ios' },
      health: async () => Promise.reject(new Error('offline')),
      store: failing,
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(failing.get(clientUpdateAtom)).toBeNull();
  });

  it('asks nothing and listens to nothing on the web', () => {
    const store = createStore();
    let asked = false;
    watchClientUpdate(fakeSocket, {
      platform: { updateChannel: null },
      health: async () => {
        asked = true;
        return { status: 'ok', ...above };
      },
      store,
    });
    fakeSocket.emit({ type: 'MESSAGING_AUTH_SUCCESS', userId: 4, ...above });
    expect(asked).toBe(false);
    expect(store.get(clientUpdateAtom)).toBeNull();
  });
});
