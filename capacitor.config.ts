import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The mobile app: the renderer built with VITE_NATIVE=capacitor into dist/mobile
 * (`npm run build:mobile`). See docs/mobile.md.
 */
const config: CapacitorConfig = {
  appId: 'game.spar.app',
  appName: 'Spar',
  webDir: 'dist/mobile',
  plugins: {
    // The page draws under the status bar; the page header pads for it (docs/mobile.md, "Status bar").
    StatusBar: { overlaysWebView: true, style: 'DARK' },
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
