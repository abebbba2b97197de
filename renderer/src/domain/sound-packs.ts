import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../lib/http';
import { audio } from '../lib/audio';

export type SoundPackState = CallResult<typeof ROUTES.customization.soundPack>;

const soundPackKey = (userId: number | null) => ['sound-pack', userId] as const;

/** The signed-in player's sound packs; nothing for a guest. See docs/api.md, "Sound packs". */
export function useSoundPacks(userId: number | null) {
  return useQuery({
    queryKey: soundPackKey(userId),
    queryFn: () => call(ROUTES.customization.soundPack, { nullOn401: true }),
    enabled: userId !== null,
    staleTime: 60_000,
  });
}

/** Keeps the audio store on the player's active pack (the standard sounds when signed out). */
export function useSoundPackSync(userId: number | null): void {
  const { data } = useSoundPacks(userId);
  const slug = userId === null ? null : (data?.active?.slug ?? null);
  useEffect(() => audio.setPack(slug), [slug]);
}

export function useActivateSoundPack(userId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number | null) => call(ROUTES.customization.activateSoundPack, { body: { itemId } }),
    onSuccess: (state) => client.setQueryData(soundPackKey(userId), state),
  });
}
