// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/testing/render';
import { BOTTOM_NAV_HEIGHT } from './BottomNav';
import { FloatingNotice } from './FloatingNotice';

afterEach(cleanup);

const bottomOf = () => screen.getByRole('status').style.bottom;

describe('a floating notice', () => {
  it('sits above the bottom tabs where they show', () => {
    renderWithProviders(<FloatingNotice width={26}>Hello</FloatingNotice>, { route: '/games' });
    expect(bottomOf()).toBe(`calc(${(BOTTOM_NAV_HEIGHT + 12) / 16}rem * var(--mantine-scale))`);
  });

  it('sits at the foot of a page without them (a table)', () => {
    renderWithProviders(<FloatingNotice width={26}>Hello</FloatingNotice>, { route: '/game/g_abcdef' });
    expect(bottomOf()).toBe('calc(0.75rem * var(--mantine-scale))');
    expect(screen.getByText('Hello')).toBeTruthy();
  });
});
