// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/testing/render';
import { PlayerAvatar } from './PlayerAvatar';

afterEach(cleanup);

const image = () => screen.queryByRole('img', { name: "kofi_b's avatar" }) as HTMLImageElement | null;

describe('PlayerAvatar', () => {
  it('shows the chosen image, without the initials', () => {
    renderWithProviders(<PlayerAvatar username="kofi_b" avatarUrl="/assets/shop/avatars/lion.svg" />);
    expect(image()?.getAttribute('src')).toBe('/assets/shop/avatars/lion.svg');
    expect(screen.queryByText('KO')).toBeNull();
  });

  it('shows the initials when the player has no avatar', () => {
    for (const avatarUrl of [null, undefined, '']) {
      renderWithProviders(<PlayerAvatar username="kofi_b" avatarUrl={avatarUrl} />);
      expect(image()).toBeNull();
      expect(screen.getByText('KO')).toBeTruthy();
      cleanup();
    }
  });

  it('falls back to the initials when the image fails to load, and tries a new image again', () => {
    const { rerender } = renderWithProviders(
      <PlayerAvatar username="kofi_b" avatarUrl="/assets/shop/avatars/gone.svg" />,
    );
    fireEvent.error(image()!);
    expect(image()).toBeNull();
    expect(screen.getByText('KO')).toBeTruthy();
    rerender(<PlayerAvatar username="kofi_b" avatarUrl="/assets/shop/avatars/owl.svg" />);
    expect(image()?.getAttribute('src')).toBe('/assets/shop/avatars/owl.svg');
  });
});
