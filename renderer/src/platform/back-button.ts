/**
 * What Android's back button does in the app (docs/mobile.md, "Back button"): close the open
 * dialog, else go back in the app's history, else go home, and from home leave the app.
 */
export type BackButtonAction = 'close-dialog' | 'back' | 'home' | 'leave';

export function backButtonAction(state: {
  dialogOpen: boolean;
  canGoBack: boolean;
  atHome: boolean;
}): BackButtonAction {
  if (state.dialogOpen) return 'close-dialog';
  if (state.canGoBack) return 'back';
  return state.atHome ? 'leave' : 'home';
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
