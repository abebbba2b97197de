/**
 * The sound keys, grouped as the audio manifest groups them; each plays from
 * /sounds/{category}/{key}.mp3 (build/sounds/catalogue.mjs makes the same list; a test compares
 * them). See docs/design.md, "Sound".
 */
export const SOUND_CATEGORIES = {
  ui: ['navigation', 'click', 'notification'],
  gameplay: ['card-deal', 'card-play', 'trick-won', 'your-turn', 'timer-warning'],
  win: ['hand-won', 'game-won', 'match-found'],
  lose: ['hand-lost', 'game-lost'],
  background: ['table-theme', 'evening-theme'],
} as const;

export type SoundCategory = keyof typeof SOUND_CATEGORIES;
export type MusicKey = (typeof SOUND_CATEGORIES)['background'][number];
export type SoundKey = Exclude<(typeof SOUND_CATEGORIES)[SoundCategory][number], MusicKey>;

/** Sound packs with their own generated voice for the gameplay sounds (sku sound_pack_{slug}). */
export const SOUND_PACKS = ['kalimba', 'chimes', 'drums'] as const;
const PACK_CATEGORIES: readonly SoundCategory[] = ['gameplay'];

export function categoryOf(key: SoundKey | MusicKey): SoundCategory {
  for (const [category, keys] of Object.entries(SOUND_CATEGORIES) as [SoundCategory, readonly string[]][])
    if (keys.includes(key)) return category;
  return 'ui';
}

/** The file a key plays: the active pack's variant where the pack has one, else the default. */
export function soundUrl(key: SoundKey | MusicKey, pack: string | null = null): string {
  const category = categoryOf(key);
  const variant =
    pack && (SOUND_PACKS as readonly string[]).includes(pack) && PACK_CATEGORIES.includes(category)
      ? `.${pack}`
      : '';
  return `/sounds/${category}/${key}${variant}.mp3`;
}

/** Sounds that duck the music while they play. */
export const DUCKING_SOUNDS: ReadonlySet<SoundKey> = new Set([
  'game-won',
  'game-lost',
  'hand-won',
  'match-found',
]);
