// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { providers } from '../../../../lib/testing/render';
import { EMBEDDED_MIN_HEIGHT_PX, useEmbeddedHeight } from './layout';

afterEach(cleanup);

function windowHeight(height: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
}

/** A frame whose top lies `top` px below the page's top. */
function frameAt(top: number): HTMLElement {
  const frame = document.createElement('div');
  frame.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 800, height: 10 });
  return frame;
}

describe('useEmbeddedHeight', () => {
  it('gives the window below the frame, above the room asked for, once the frame is placed', () => {
    windowHeight(900);
    const { result } = renderHook(() => useEmbeddedHeight(true, 96), { wrapper: providers() });
    expect(result.current.height).toBe(0);
    act(() => result.current.ref(frameAt(150)));
    expect(result.current.height).toBe(900 - 150 - 96);
  });

  it('never goes under the smallest height the layout is checked at', () => {
    windowHeight(640);
    const { result } = renderHook(() => useEmbeddedHeight(true, 96), { wrapper: providers() });
    act(() => result.current.ref(frameAt(130)));
    expect(result.current.height).toBe(EMBEDDED_MIN_HEIGHT_PX);
  });

  it('leaves a table that is not embedded to the window (0)', () => {
    windowHeight(900);
    const { result } = renderHook(() => useEmbeddedHeight(false, 96), { wrapper: providers() });
    act(() => result.current.ref(frameAt(150)));
    expect(result.current.height).toBe(0);
  });
});
