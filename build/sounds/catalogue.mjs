// The generated sounds, by category and key: what build/sounds/generate.mjs makes and what the
// renderer plays (renderer/src/lib/audio/keys.ts lists the same keys; a test compares them).
// Files are served at /sounds/{category}/{key}.mp3; a sound pack's variant of a key at
// /sounds/{category}/{key}.{pack}.mp3. See docs/design.md, "Sound".

export const MANIFEST_VERSION = 1;
/** Changed whenever the sounds change, so an offline cache knows to fetch them again. */
export const LAST_UPDATED = '2026-11-23T00:00:00.000Z';

export const SOUND_CATEGORIES = {
  ui: ['navigation', 'click', 'notification'],
  gameplay: ['card-deal', 'card-play', 'trick-won', 'your-turn', 'timer-warning'],
  win: ['hand-won', 'game-won', 'match-found'],
  lose: ['hand-lost', 'game-lost'],
  background: ['table-theme', 'evening-theme'],
};

/** Sound packs sold in the shop (sku sound_pack_{slug}); each re-voices the gameplay sounds. */
export const SOUND_PACKS = ['kalimba', 'chimes', 'drums'];
export const PACK_CATEGORIES = ['gameplay'];
