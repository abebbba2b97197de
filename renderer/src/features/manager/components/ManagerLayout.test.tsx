// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { SIDEBAR_COOKIE, useSidebar } from '../hooks/useSidebar';
import { SAVE_DEBOUNCE_MS } from '../hooks/useSplit';
import { ManagerLayout } from './ManagerLayout';
import { SplitPane } from './SplitPane';

/** Makes every `(max-width: …)` query match, as on a phone, or none, as on a desktop. */
function screenWidth(narrow: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: narrow && query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

function Frame() {
  const sidebar = useSidebar();
  return (
    <ManagerLayout sidebar={sidebar} section="rewards" onSection={() => {}}>
      <p>content</p>
    </ManagerLayout>
  );
}

const showFrame = () => renderWithProviders(<Frame />, { route: '/' });

const clearCookie = () => {
  document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`;
};
const ctrlB = (init: KeyboardEventInit = { ctrlKey: true }) =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', ...init }));
  });

describe('staff sidebar', () => {
  beforeEach(() => {
    clearCookie();
    screenWidth(false);
  });
  afterEach(() => {
    cleanup();
    clearCookie();
  });

  it('starts expanded at 16rem, collapses to 3rem with the toggle and keeps that in a cookie', () => {
    showFrame();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.getAttribute('data-state')).toBe('expanded');
    expect(sidebar.style.width).toBe('16rem');
    expect(screen.getByText('Daily rewards')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(sidebar.getAttribute('data-state')).toBe('collapsed');
    expect(sidebar.style.width).toBe('3rem');
    expect(screen.queryByText('Daily rewards')).toBeNull();
    expect(screen.getByRole('button', { name: 'Daily rewards' })).toBeTruthy();
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);
  });

  it('reads the saved state from the cookie', () => {
    document.cookie = `${SIDEBAR_COOKIE}=false; path=/`;
    showFrame();
    expect(screen.getByTestId('sidebar').getAttribute('data-state')).toBe('collapsed');
  });

  it('Ctrl+B and Cmd+B toggle it; B alone does not', () => {
    showFrame();
    const sidebar = screen.getByTestId('sidebar');
    ctrlB();
    expect(sidebar.getAttribute('data-state')).toBe('collapsed');
    ctrlB({ metaKey: true });
    expect(sidebar.getAttribute('data-state')).toBe('expanded');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`);
    ctrlB({});
    expect(sidebar.getAttribute('data-state')).toBe('expanded');
  });

  it('below 768 px it is an 18rem sheet with its own open flag, leaving the saved state alone', async () => {
    document.cookie = `${SIDEBAR_COOKIE}=false; path=/`;
    screenWidth(true);
    showFrame();
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Staff area' })).toBeNull();
    ctrlB();
    const sheet = await screen.findByRole('dialog', { name: 'Staff area' });
    expect(sheet.textContent).toContain('Daily rewards');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    // The sheet slides out first; a busy machine can take a while.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Staff area' })).toBeNull(), {
      timeout: 5000,
    });
  });
});

describe('list | editor split', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  const showSplit = (stacked = false) =>
    renderWithProviders(
      <SplitPane
        storageKey="test-split"
        stacked={stacked}
        label="Items"
        list={<p>list</p>}
        editor={<p>editor</p>}
      />,
    );
  const saved = () => JSON.parse(localStorage.getItem('test-split') ?? 'null') as unknown;

  it('arrow keys move the divider by 10 %, Shift by 100 % up to the panels’ minimum, always totalling 100; saved after 100 ms', async () => {
    showSplit();
    const divider = screen.getByRole('separator');
    expect(divider.getAttribute('aria-valuenow')).toBe('45');
    fireEvent.keyDown(divider, { key: 'ArrowRight' });
    expect(divider.getAttribute('aria-valuenow')).toBe('55');
    expect(saved()).toBeNull(); // not before the debounce
    await waitFor(() => expect(saved()).toEqual([55, 45]), { timeout: SAVE_DEBOUNCE_MS * 10 });
    fireEvent.keyDown(divider, { key: 'ArrowRight', shiftKey: true });
    expect(divider.getAttribute('aria-valuenow')).toBe('80');
    fireEvent.keyDown(divider, { key: 'ArrowLeft', shiftKey: true });
    expect(divider.getAttribute('aria-valuenow')).toBe('20');
    await waitFor(() => expect(saved()).toEqual([20, 80]));
  });

  it('comes back at the saved sizes, ignores sizes that do not total 100, and stacks on narrow screens', () => {
    localStorage.setItem('test-split', JSON.stringify([30, 70]));
    showSplit();
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('30');
    cleanup();
    localStorage.setItem('test-split', JSON.stringify([30, 30]));
    showSplit();
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('45');
    cleanup();
    showSplit(true);
    expect(screen.queryByRole('separator')).toBeNull();
    expect(screen.getByTestId('split-stacked').textContent).toBe('listeditor');
  });
});
