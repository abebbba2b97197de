// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useEffect, type RefObject } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useLatestPath } from './latest-path';

describe('useLatestPath', () => {
  afterEach(cleanup);

  it('a listener registered once reads the path the app is at now, not the one it was registered at', () => {
    let go: (path: string) => void = () => undefined;
    let read: () => string = () => '';
    function Listener() {
      const where: RefObject<string> = useLatestPath();
      const navigate = useNavigate();
      go = (path) => void navigate(path);
      // Registered on the first render only, as a socket listener is.
      useEffect(() => {
        read = () => where.current;
      }, []); // eslint-disable-line react-hooks/exhaustive-deps
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/games']}>
        <Listener />
      </MemoryRouter>,
    );
    expect(read()).toBe('/games');
    act(() => go('/game/g1'));
    expect(read()).toBe('/game/g1');
    act(() => go('/tournaments/4'));
    expect(read()).toBe('/tournaments/4');
  });
});
