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
    // A notification that arrives while the app is open is shown as well (iOS; Android shows none).
    FirebaseMessaging: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
  experimental: {
    ios: {
      spm: {
        // The plugin's Swift package shares its name with Firebase's: a symlinked path keeps the
        // two package identities apart (the plugin's README, "Swift Package Manager").
        packageOptions: { '@capacitor-firebase/messaging': { symlink: true } },
      },
    },
  },
};

export default config;
