import { Splitter, Stack } from '@mantine/core';
import { KEYBOARD_STEP, KEYBOARD_STEP_SHIFT, MIN_PANEL, useSplit, type SplitSizes } from '../hooks/useSplit';

interface SplitPaneProps {
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
export function SplitPane({ storageKey, defaults = [45, 55], stacked, list, editor, label }: SplitPaneProps) {
  const { sizes, setFirst } = useSplit(storageKey, defaults);
  if (stacked)
    return (
      <Stack gap="lg" data-testid="split-stacked">
        {list}
        {editor}
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
