export declare const MANIFEST_VERSION: number;
export declare const LAST_UPDATED: string;
export declare const SOUND_CATEGORIES: Record<string, string[]>;
export declare const SOUND_PACKS: string[];
export declare const PACK_CATEGORIES: string[];
