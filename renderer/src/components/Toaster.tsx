import { CloseButton, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { getDefaultStore, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { TOAST_EXIT_MS } from '../lib/timings';
import { dismissToast, listenForToastEvents, toastAreaAtom, toastsAtom, type Toast } from '../lib/toast';
import classes from './Toaster.module.css';

function ToastView({ toast }: { toast: Toast }) {
  const [leaving, setLeaving] = useState(false);
  const close = () => {
    setLeaving(true);
    setTimeout(() => dismissToast(toast.id), TOAST_EXIT_MS);
  };
  const Icon = toast.type === 'info' ? IconCircleCheck : IconAlertTriangle;
  const activate = toast.onClick
    ? () => {
        toast.onClick!();
        dismissToast(toast.id);
      }
    : undefined;
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-type={toast.type}
      className={[
        classes.toast,
        classes[toast.type],
        leaving && classes.leaving,
        activate && classes.clickable,
      ]
        .filter(Boolean)
        .join(' ')}
      onClick={activate}
      onKeyDown={activate ? (e) => (e.key === 'Enter' || e.key === ' ') && activate() : undefined}
      tabIndex={activate ? 0 : undefined}
    >
      <Icon size={20} className={classes.icon} aria-hidden />
      <div style={{ flex: 1, minWidth: 0 }}>
        {toast.title && (
          <Text fw={700} size="sm">
            {toast.title}
          </Text>
        )}
        {toast.message && (
          <Text size="sm" c="dark.0">
            {toast.message}
          </Text>
        )}
      </div>
      <CloseButton
        size="sm"
        aria-label="Close"
        onClick={(event) => {
          event.stopPropagation();
          close();
        }}
      />
    </div>
  );
}

/**
 * The toast overlay on every screen: top right, 20rem wide, 4rem from the top and 1rem from the right;
 * in the game room, over the felt where the table says (`toastAreaAtom`), so no seat is covered.
 * Toasts raised on another page (a daily reward claimed on the hub) are closed on entering the game
 * room, where they would cover a seat; those the table raises itself stay. See docs/design.md, "Renderer".
 */
export function Toaster({ inGameRoom = false }: { inGameRoom?: boolean }) {
  const toasts = useAtomValue(toastsAtom);
  const area = useAtomValue(toastAreaAtom);
  const place = inGameRoom && area ? { left: area.x, top: area.y, width: area.w, right: 'auto' } : undefined;
  useEffect(() => listenForToastEvents(), []);
  useEffect(() => {
    if (!inGameRoom) return;
    const store = getDefaultStore();
    for (const { id, forTable } of store.get(toastsAtom)) if (!forTable) dismissToast(id, store);
  }, [inGameRoom]);
  return (
    <div
      className={classes.viewport}
      style={place}
      data-placed={place ? 'table' : undefined}
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
