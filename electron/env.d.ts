// Build-time values Vite writes into the main bundle (vite.desktop.config.ts).
interface ImportMetaEnv {
  readonly VITE_API_ORIGIN?: string;
  /** The update feed (SPAR_UPDATE_URL at build time), '' when the build has none. */
  readonly SPAR_UPDATE_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
