import { Splitter, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { KEYBOARD_STEP, KEYBOARD_STEP_SHIFT, MIN_PANEL, useSplit, type SplitSizes } from '../hooks/useSplit';

interface SplitPaneProps {
  /** Changes when the editor gets something new to show: stacked, it is scrolled into view. */
  focusKey?: string | number | null;
  /** Where the sizes are remembered (local storage). */
  storageKey: string;
  defaults?: SplitSizes;
  /** Narrow screens stack the two panels instead. */
  stacked: boolean;
  list: React.ReactNode;
  editor: React.ReactNode;
  label: string;
}

/**
 * A resizable list | editor split: drag or use the arrow keys on the divider (10 %, Shift 100 %);
 * the sizes always total 100 and are remembered. Stacked on narrow screens.
 * See docs/design.md, "Staff area".
 */
export function SplitPane({
  storageKey,
  defaults = [45, 55],
  stacked,
  list,
  editor,
  label,
  focusKey = null,
}: SplitPaneProps) {
  const { sizes, setFirst } = useSplit(storageKey, defaults);
  const editorRef = useRef<HTMLDivElement>(null);
  const shown = useRef(focusKey);
  useEffect(() => {
    if (shown.current === focusKey) return;
    shown.current = focusKey;
    if (stacked) editorRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [focusKey, stacked]);
  if (stacked)
    return (
      <Stack gap="lg" data-testid="split-stacked">
        {list}
        <div ref={editorRef} style={{ scrollMarginTop: 'var(--mantine-spacing-md)' }}>
          {editor}
        </div>
      </Stack>
    );
  return (
    <Splitter
      sizes={sizes}
      onSizeChange={(next) => setFirst(parseFloat(String(next[0])))}
      step={KEYBOARD_STEP}
      shiftStep={KEYBOARD_STEP_SHIFT}
      aria-label={label}
      data-testid="split"
      style={{ minHeight: 'calc(100dvh - 7rem)' }}
    >
      <Splitter.Pane defaultSize={defaults[0]} min={`${MIN_PANEL}%`} style={{ overflow: 'auto' }}>
        <div style={{ paddingRight: 'var(--mantine-spacing-md)' }}>{list}</div>
      </Splitter.Pane>
      <Splitter.Pane defaultSize={defaults[1]} min={`${MIN_PANEL}%`} style={{ overflow: 'auto' }}>
        <div style={{ paddingLeft: 'var(--mantine-spacing-md)' }}>{editor}</div>
      </Splitter.Pane>
    </Splitter>
  );
}
