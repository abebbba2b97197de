/** Types for generate-assets.mjs, which tests import (docs/mobile.md, "Icons and splash screens"). */
export const ADAPTIVE_LAYER_SIZES: Record<string, number>;
export function adaptiveLayers(svgText: string): [string, Buffer][];
export function mobileSources(svgText: string): [string, Buffer][];
