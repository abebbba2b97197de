// @vitest-environment happy-dom
import { createStore, getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForToastEvents, toast, toastMessage, toastsAtom, toastText, toastType } from './toast';

describe('toasts', () => {
  let store: ReturnType<typeof createStore>;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createStore();
  });
  afterEach(() => vi.useRealTimers());

  it('maps variants to types: destructive → error, warning → warning, everything else → info', () => {
    expect(toastType('destructive')).toBe('error');
    expect(toastType('warning')).toBe('warning');
    for (const variant of ['info', 'success', 'default', 'anything', undefined])
      expect(toastType(variant)).toBe('info');
  });

  it('lasts 4000 ms by default and 6000 ms when destructive; Infinity stays until closed', () => {
    toast({ title: 'a' }, store);
    toast({ title: 'b', variant: 'destructive' }, store);
    toast({ title: 'c', duration: Infinity }, store);
    expect(store.get(toastsAtom).map((t) => [t.title, t.timeout])).toEqual([
      ['a', 4000],
      ['b', 6000],
      ['c', Infinity],
    ]);
    vi.advanceTimersByTime(3999);
    expect(store.get(toastsAtom)).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(store.get(toastsAtom).map((t) => t.title)).toEqual(['b', 'c']);
    vi.advanceTimersByTime(2000);
    expect(store.get(toastsAtom).map((t) => t.title)).toEqual(['c']);
    vi.advanceTimersByTime(10 * 60_000);
    expect(store.get(toastsAtom).map((t) => t.title)).toEqual(['c']);
  });

  it('shows only the message of a JSON-string description, and turns anything into text', () => {
    expect(toastText('{"message":"Insufficient funds","code":1}')).toBe('Insufficient funds');
    expect(toastText('{not json')).toBe('{not json');
    expect(toastText(42)).toBe('42');
    expect(toastText(undefined)).toBe('');
    expect(toastText(null)).toBe('');
    expect(toastText({ message: 'from an object' })).toBe('from an object');
    toast({ title: 404, description: '{"message":"Not found"}' }, store);
    expect(store.get(toastsAtom)[0]).toMatchObject({ title: '404', message: 'Not found', type: 'info' });
  });

  it('shows a toast for a document-level "toast" CustomEvent', () => {
    const stop = listenForToastEvents(document);
    document.dispatchEvent(
      new CustomEvent('toast', {
        detail: { title: 'From the event', description: 'hello', variant: 'warning' },
      }),
    );
    stop();
    document.dispatchEvent(new CustomEvent('toast', { detail: { title: 'After stopping' } }));
    const shown = getDefaultStore().get(toastsAtom);
    expect(shown.map((t) => [t.title, t.message, t.type])).toEqual([['From the event', 'hello', 'warning']]);
  });

  it('leaves out a message that only repeats the title, whatever its case or punctuation', () => {
    expect(toastMessage('Registration Successful', 'Registration successful')).toBe('');
    expect(toastMessage('Login failed', 'Login failed.')).toBe('');
    expect(toastMessage('Error', 'error')).toBe('');
    expect(toastMessage('Registration Successful', 'Welcome to Spar, ama.')).toBe('Welcome to Spar, ama.');
    expect(toastMessage('Payment Failed', 'Payment failed: the card was declined')).toBe(
      'Payment failed: the card was declined',
    );
    toast({ title: 'Registration Successful', description: 'Registration successful' }, store);
    toast({ title: 'Insufficient Funds', description: '{"message":"Insufficient funds"}' }, store);
    expect(store.get(toastsAtom).map((t) => [t.title, t.message])).toEqual([
      ['Registration Successful', ''],
      ['Insufficient Funds', ''],
    ]);
  });
});
