import { z } from 'zod';

/** A sound pack from the shop, as its owner sees it; slug names its generated sounds (or null). */
export const soundPackSchema = z.object({
  itemId: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
});

/** GET and POST /api/users/me/sound-pack: the active pack (null: the standard sounds) and the owned ones. */
export const soundPackStateSchema = z.object({
  active: soundPackSchema.nullable(),
  owned: z.array(soundPackSchema),
});

/** POST /api/users/me/sound-pack: a sound pack shop item the caller bought, or null for the standard sounds. */
export const activateSoundPackBodySchema = z.object({
  itemId: z
    .number({ message: 'itemId must be a number or null' })
    .int('itemId must be a whole number')
    .positive('itemId must be a sound pack id')
    .max(Number.MAX_SAFE_INTEGER, 'itemId must be a sound pack id')
    .nullable(),
});

/** The audio manifest at /sounds/manifest.json (also read by the desktop shell's offline cache). */
export const audioManifestSchema = z.object({
  version: z.literal(1),
  lastUpdated: z.string(),
  categories: z.array(
    z.object({
      name: z.enum(['ui', 'gameplay', 'win', 'lose', 'background']),
      isDownloaded: z.boolean(),
      files: z.array(
        z.object({
          key: z.string(),
          url: z.string(),
          isDownloaded: z.boolean(),
          localPath: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type AudioManifest = z.infer<typeof audioManifestSchema>;
