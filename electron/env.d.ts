// Build-time values Vite writes into the main bundle (vite.desktop.config.ts).
interface ImportMetaEnv {
  readonly VITE_API_ORIGIN?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
