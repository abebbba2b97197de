// Voices the sound generators share (build/sounds/generate.mjs for the game's sounds,
// build/shop/generate.mjs for the sound packs' previews): each turns (frequency, seconds since the
// note began) into a sample, with a soft attack, an exponential decay and only gentle partials, so
// nothing clicks or grates.

/** Thumb piano: a fundamental with a faint, fast-fading upper partial. */
export function kalimba(f, t) {
  const attack = Math.min(1, t / 0.004);
  return (
    attack *
    (Math.sin(2 * Math.PI * f * t) * Math.exp(-t / 0.45) +
      0.25 * Math.sin(2 * Math.PI * f * 5.4 * t) * Math.exp(-t / 0.06))
  );
}

/** Bell: inharmonic partials decaying at different rates. */
export function chimes(f, t) {
  const attack = Math.min(1, t / 0.006);
  const partials = [
    [1, 1, 1.1],
    [2.76, 0.35, 0.5],
    [5.4, 0.12, 0.25],
  ];
  let sum = 0;
  for (const [ratio, amp, tau] of partials)
    sum += amp * Math.sin(2 * Math.PI * f * ratio * t) * Math.exp(-t / tau);
  return attack * sum;
}
