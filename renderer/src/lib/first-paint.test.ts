// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFERRED_STYLESHEET_ATTRIBUTE } from '@shared/first-paint';
import { applyDeferredStylesheets } from './first-paint';

/** A deferred link as the build writes it; named but not fetched (the test's DOM loads no CSS). */
function deferredLink(name: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.dataset.name = name;
  link.media = 'print';
  link.setAttribute(DEFERRED_STYLESHEET_ATTRIBUTE, '');
  document.head.append(link);
  return link;
}

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

const settledYet = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return settled;
};

describe('the stylesheets the first paint did not wait for', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    setReadyState('complete');
  });

  it('are turned on for every medium, and unmarked', async () => {
    setReadyState('complete');
    const links = [deferredLink('/a.css'), deferredLink('/b.css')];
    await applyDeferredStylesheets();
    for (const link of links) {
      expect(link.media).toBe('all');
      expect(link.hasAttribute(DEFERRED_STYLESHEET_ATTRIBUTE)).toBe(false);
    }
  });

  it('hold the app back while one is still on its way, until it arrives', async () => {
    setReadyState('interactive');
    const link = deferredLink('/slow.css');
    const applied = applyDeferredStylesheets();
    expect(await settledYet(applied)).toBe(false);
    link.dispatchEvent(new Event('load'));
    expect(await settledYet(applied)).toBe(true);
  });

  it('let the app draw when one fails, or failed unseen before the document finished loading', async () => {
    setReadyState('interactive');
    const failing = deferredLink('/failing.css');
    const applied = applyDeferredStylesheets();
    failing.dispatchEvent(new Event('error'));
    expect(await settledYet(applied)).toBe(true);

    // Its error came before anyone listened: the document's load settles it.
    deferredLink('/failed-already.css');
    const late = applyDeferredStylesheets();
    expect(await settledYet(late)).toBe(false);
    window.dispatchEvent(new Event('load'));
    expect(await settledYet(late)).toBe(true);
  });
});
