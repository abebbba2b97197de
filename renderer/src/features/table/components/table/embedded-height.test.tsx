// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { providers } from '../../../../lib/testing/render';
import { EMBEDDED_MIN_HEIGHT_PX, EMBEDDED_MIN_SCALE, useEmbeddedHeight } from './layout';

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
    expect(result.current.scale).toBe(1);
  });

  it('never lays out under the smallest height the layout is checked at: a short window scales it', () => {
    windowHeight(640);
    const { result } = renderHook(() => useEmbeddedHeight(true, 96), { wrapper: providers() });
    act(() => result.current.ref(frameAt(130)));
    expect(result.current.height).toBe(EMBEDDED_MIN_HEIGHT_PX);
    // Drawn at the window's room: 640 - 130 - 96 = 414 px.
    expect(result.current.scale).toBeCloseTo(414 / EMBEDDED_MIN_HEIGHT_PX, 5);
    expect(result.current.height * result.current.scale).toBeCloseTo(414, 5);
  });

  it('shrinks a table no further than half size: below that the page scrolls', () => {
    windowHeight(400);
    const { result } = renderHook(() => useEmbeddedHeight(true, 96), { wrapper: providers() });
    act(() => result.current.ref(frameAt(150)));
    expect(result.current.height).toBe(EMBEDDED_MIN_HEIGHT_PX);
    expect(result.current.scale).toBe(EMBEDDED_MIN_SCALE);
  });

  it('leaves a table that is not embedded to the window (0)', () => {
    windowHeight(900);
    const { result } = renderHook(() => useEmbeddedHeight(false, 96), { wrapper: providers() });
    act(() => result.current.ref(frameAt(150)));
    expect(result.current.height).toBe(0);
  });
});
