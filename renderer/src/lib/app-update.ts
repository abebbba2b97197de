import { useEffect, useState } from 'react';
import type { DesktopUpdateState } from '@shared/desktop-bridge';
import { platform, type AppUpdates } from '../platform';

/**
 * The desktop app's update state, kept current from the bridge (docs/desktop.md, "Updates"); null
 * where the platform has no updater of its own (web, phones) and until the first answer. The
 * prompt (components/AppUpdatePrompt.tsx) shows it; a page that must stop the player on an old
 * version offers `platform.appUpdates.install()` once `status` is `downloaded`.
 */
export function useAppUpdate(updates: AppUpdates | null = platform.appUpdates): DesktopUpdateState | null {
  const [state, setState] = useState<DesktopUpdateState | null>(null);
  useEffect(() => {
    if (!updates) return;
    let live = true;
    let changed = false;
    // Listen first, so a change between the two is not lost; a change wins over the first answer.
    const off = updates.onChange((next) => {
      changed = true;
      if (live) setState(next);
    });
    void updates
      .status()
      .then((first) => {
        if (live && !changed) setState(first);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      off();
    };
  }, [updates]);
  return state;
}
