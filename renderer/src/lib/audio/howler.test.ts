// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

/** Every Howl made, by its source; making one is what starts howler's AudioContext. */
const made = vi.hoisted(() => ({ howls: [] as { src: string[]; play: ReturnType<typeof vi.fn> }[] }));
vi.mock('howler', () => ({
  Howl: class {
    src: string[];
    play = vi.fn();
    constructor(options: { src: string[] }) {
      this.src = options.src;
      made.howls.push(this);
    }
    once() {}
  },
}));
vi.mock('../../platform', () => ({ platform: { soundSource: (src: string) => src } }));

const { howlerLoader } = await import('./howler');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const options = (loop: boolean) => ({ loop, volume: 1, onLoad: () => {}, onError: () => {} });

describe('howlerLoader', () => {
  it('starts no audio before the first user gesture: a sound asked for before it is dropped, music waits', async () => {
    const effect = howlerLoader.load('/sounds/click.mp3', options(false));
    const music = howlerLoader.load('/sounds/theme.mp3', options(true));
    effect.play();
    music.play();
    await settle();
    await settle();
    expect(made.howls).toEqual([]);

    document.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.waitFor(() => expect(made.howls).toHaveLength(2));
    const [click, theme] = made.howls;
    expect(click!.src).toEqual(['/sounds/click.mp3']);
    expect(click!.play).not.toHaveBeenCalled();
    expect(theme!.play).toHaveBeenCalledTimes(1);

    // After the gesture, sounds load and play as asked.
    const later = howlerLoader.load('/sounds/deal.mp3', options(false));
    later.play();
    await vi.waitFor(() => expect(made.howls).toHaveLength(3));
    expect(made.howls[2]!.play).toHaveBeenCalledTimes(1);
  });
});
