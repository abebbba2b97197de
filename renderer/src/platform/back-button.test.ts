// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { backButtonAction, closeTopDialog, dialogOpen } from './back-button';

describe('Android back button', () => {
  it('closes a dialog first, then goes back, and leaves the app when there is no history', () => {
    expect(backButtonAction({ dialogOpen: true, canGoBack: true })).toBe('close-dialog');
    expect(backButtonAction({ dialogOpen: true, canGoBack: false })).toBe('close-dialog');
    expect(backButtonAction({ dialogOpen: false, canGoBack: true })).toBe('back');
    expect(backButtonAction({ dialogOpen: false, canGoBack: false })).toBe('leave');
  });

  it("sees Mantine's open modals and drawers, and closes the top one with Escape", () => {
    document.body.innerHTML = '<section role="dialog"></section>';
    expect(dialogOpen(document)).toBe(false);
    document.body.innerHTML = '<section role="dialog" aria-modal="true"></section>';
    expect(dialogOpen(document)).toBe(true);
    const keys: string[] = [];
    window.addEventListener('keydown', (event) => keys.push(event.key), { capture: true, once: true });
    closeTopDialog(window);
    expect(keys).toEqual(['Escape']);
  });
});
