/** Types for raster.mjs, which tests import. */
export const BRAND_ART: string;
