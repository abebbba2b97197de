import { atomWithStorage } from 'jotai/utils';
import { STORAGE_KEYS } from '../lib/storage';

/**
 * The "Four-colour suits" setting: diamonds blue and clubs green instead of two reds and two
 * blacks. Kept on this device; DeckCard reads it to pick the card art.
 */
export const fourColourSuitsAtom = atomWithStorage<boolean>(STORAGE_KEYS.fourColourSuits, false, undefined, {
  getOnInit: true,
});
