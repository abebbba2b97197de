/**
 * What Android's back button does in the app (docs/mobile.md, "Back button"): close the open
 * dialog, else go back in the app's history, else leave the app (from home, or from a page a link
 * opened, where Android's back returns to the app that sent the link).
 */
export type BackButtonAction = 'close-dialog' | 'back' | 'leave';

export function backButtonAction(state: { dialogOpen: boolean; canGoBack: boolean }): BackButtonAction {
  if (state.dialogOpen) return 'close-dialog';
  return state.canGoBack ? 'back' : 'leave';
}

/** Whether a modal or drawer is open: Mantine renders each as a `section` with aria-modal. */
export function dialogOpen(doc: Document): boolean {
  return doc.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/**
 * Closes the top modal or drawer the way Escape does: Mantine listens for Escape on the window
 * and the one on top handles it. A dialog that may not be dismissed (closeOnEscape off) stays.
 */
export function closeTopDialog(win: Window): void {
  win.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
}
