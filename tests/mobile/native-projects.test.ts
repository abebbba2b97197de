import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  linkHost,
  stampAndroidLinkHost,
  stampIosLinkHost,
  stampIosVersion,
  versionCode,
} from '../../scripts/mobile-native.mjs';
import { appLinkSegments } from '../../server/src/modules/app-links/routes';
import { ADAPTIVE_LAYER_SIZES, adaptiveLayers } from '../../build/mobile/generate-assets.mjs';
import { BRAND_ART } from '../../build/icons/raster.mjs';

// The committed Android and iOS projects, read as files: what the stores and the OS check
// (docs/mobile.md, "Release").

const read = (file: string) => readFileSync(file, 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  version: string;
  devDependencies: Record<string, string>;
  dependencies: Record<string, string>;
};
const RES = 'android/app/src/main/res';
const MANIFEST = read('android/app/src/main/AndroidManifest.xml');
const PBXPROJ = read('ios/App/App.xcodeproj/project.pbxproj');
const ENTITLEMENTS = read('ios/App/App/App.entitlements');
const INFO_PLIST = read('ios/App/App/Info.plist');
/** The host `npm run build:mobile` stamps by default (its VITE_API_ORIGIN). */
const DEFAULT_HOST = 'play.spar.game';

/** Every intent filter of the manifest, as text. */
const intentFilters = [...MANIFEST.matchAll(/<intent-filter[\s\S]*?<\/intent-filter>/g)].map((m) => m[0]);

describe('Capacitor 8 and Android API 36', () => {
  it('builds against and targets API 36', () => {
    const variables = read('android/variables.gradle');
    expect(variables).toMatch(/compileSdkVersion = 36\b/);
    expect(variables).toMatch(/targetSdkVersion = 36\b/);
  });

  it('uses Capacitor 8 and its plugins, with the FCM plugin in place of push-notifications', () => {
    const all = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const name of ['@capacitor/core', '@capacitor/cli', '@capacitor/android', '@capacitor/ios'])
      expect(all[name], name).toMatch(/^\^8\./);
    expect(all['@capacitor-firebase/messaging']).toMatch(/^\^8\./);
    expect(all).not.toHaveProperty(['@capacitor/push-notifications']);
    // `cap sync` found the native plugins: both projects build them.
    const gradle = read('android/app/capacitor.build.gradle');
    const swift = read('ios/App/CapApp-SPM/Package.swift');
    expect(swift).toContain('capacitor-swift-pm.git", exact: "8.');
    for (const [project, product] of [
      ['capacitor-firebase-messaging', 'CapacitorFirebaseMessaging'],
      ['capacitor-secure-storage-plugin', 'CapacitorSecureStoragePlugin'],
    ]) {
      expect(gradle).toContain(`project(':${project}')`);
      expect(swift).toContain(`.product(name: "${product}"`);
    }
  });
});

describe('versions from package.json', () => {
  it('derives the version code as major * 10000 + minor * 100 + patch', () => {
    expect(versionCode('1.4.0')).toBe(10400);
    expect(versionCode('2.10.3')).toBe(21003);
    expect(versionCode('1.4.0-beta.2')).toBe(10400);
    expect(() => versionCode('1.4')).toThrow(/MAJOR.MINOR.PATCH/);
    expect(() => versionCode('1.100.0')).toThrow(/below 100/);
  });

  it('Android reads versionName and versionCode from package.json the same way', () => {
    const gradle = read('android/app/build.gradle');
    expect(gradle).toContain("new JsonSlurper().parse(file('../../package.json')).version");
    expect(gradle).toContain('versionMajor * 10000 + versionMinor * 100 + versionPatch');
    expect(gradle).toMatch(/versionCode appVersionCode\b/);
    expect(gradle).toMatch(/versionName appVersion\b/);
    expect(gradle).not.toMatch(/versionCode \d|versionName "/);
  });

  it('iOS carries the version and the build number of package.json in both configurations', () => {
    const marketing = [...PBXPROJ.matchAll(/MARKETING_VERSION = ([^;]*);/g)].map((m) => m[1]);
    const builds = [...PBXPROJ.matchAll(/CURRENT_PROJECT_VERSION = ([^;]*);/g)].map((m) => m[1]);
    expect(marketing).toEqual([pkg.version, pkg.version]);
    expect(builds).toEqual([String(versionCode(pkg.version)), String(versionCode(pkg.version))]);
    expect(INFO_PLIST).toContain('<string>$(MARKETING_VERSION)</string>');
    expect(INFO_PLIST).toContain('<string>$(CURRENT_PROJECT_VERSION)</string>');
  });

  it('stamping the Xcode project replaces every version and is stable', () => {
    const once = stampIosVersion(PBXPROJ, '2.0.1');
    expect([...once.matchAll(/MARKETING_VERSION = 2\.0\.1;/g)]).toHaveLength(2);
    expect([...once.matchAll(/CURRENT_PROJECT_VERSION = 20001;/g)]).toHaveLength(2);
    expect(stampIosVersion(once, '2.0.1')).toBe(once);
    expect(stampIosVersion(PBXPROJ, pkg.version)).toBe(PBXPROJ);
  });
});

describe('Android backup', () => {
  it('backs nothing up: allowBackup off, and the Android 12+ rules exclude every domain', () => {
    expect(MANIFEST).toContain('android:allowBackup="false"');
    expect(MANIFEST).toContain('android:fullBackupContent="false"');
    expect(MANIFEST).toContain('android:dataExtractionRules="@xml/data_extraction_rules"');
    const rules = read(`${RES}/xml/data_extraction_rules.xml`);
    for (const section of ['cloud-backup', 'device-transfer']) {
      const body = new RegExp(`<${section}>([\\s\\S]*?)</${section}>`).exec(rules)?.[1] ?? '';
      for (const domain of ['root', 'file', 'database', 'sharedpref', 'external'])
        expect(body, `${section} ${domain}`).toContain(`<exclude domain="${domain}" />`);
      expect(body).not.toContain('<include');
    }
  });
});

describe('deep links: spar:// and the public origin', () => {
  it('Android takes spar:// links and verified App Links for the public host', () => {
    expect(intentFilters.some((f) => f.includes('<data android:scheme="spar" />'))).toBe(true);
    const verified = intentFilters.filter((f) => f.includes('android:autoVerify="true"'));
    expect(verified).toHaveLength(1);
    expect(verified[0]).toContain(`<data android:scheme="https" android:host="${DEFAULT_HOST}" />`);
    for (const part of ['action.VIEW', 'category.DEFAULT', 'category.BROWSABLE'])
      expect(verified[0]).toContain(`android.intent.${part}`);
  });

  it('App Links cover the pages the server vouches for on iOS too: all but /oauth-redirect', () => {
    const verified = intentFilters.find((f) => f.includes('android:autoVerify="true"')) ?? '';
    expect([...verified.matchAll(/android:path="([^"]*)"/g)].map((m) => m[1])).toEqual(['/']);
    const prefixes = [...verified.matchAll(/android:pathPrefix="\/([^"]*)"/g)].map((m) => m[1]);
    expect(prefixes.sort()).toEqual(appLinkSegments().sort());
    expect(verified).not.toContain('oauth-redirect');
  });

  it('iOS takes spar:// links and Universal Links for the public host, handed to Capacitor by the scene', () => {
    expect(INFO_PLIST).toMatch(/<key>CFBundleURLSchemes<\/key>\s*<array>\s*<string>spar<\/string>/);
    expect(ENTITLEMENTS).toMatch(
      new RegExp(
        `com.apple.developer.associated-domains</key>\\s*<array>\\s*<string>applinks:${DEFAULT_HOST}</string>`,
      ),
    );
    const scene = read('ios/App/App/SceneDelegate.swift');
    expect(scene).toContain('SceneDelegateProxy.shared.scene(scene, continue: userActivity)');
    expect(scene).toContain('SceneDelegateProxy.shared.scene(scene, openURLContexts: URLContexts)');
  });

  it('build:mobile stamps another origin into both projects, touching nothing else', () => {
    expect(linkHost('https://staging.spar.game')).toBe('staging.spar.game');
    expect(() => linkHost('http://spar.game')).toThrow(/https/);
    expect(() => linkHost('https://spar.game:8443')).toThrow(/port/);
    const manifest = stampAndroidLinkHost(MANIFEST, 'staging.spar.game');
    expect(manifest).toContain('android:host="staging.spar.game"');
    expect(manifest.replace('staging.spar.game', DEFAULT_HOST)).toBe(MANIFEST);
    expect(stampAndroidLinkHost(MANIFEST, DEFAULT_HOST)).toBe(MANIFEST);
    const entitlements = stampIosLinkHost(ENTITLEMENTS, 'staging.spar.game');
    expect(entitlements).toContain('<string>applinks:staging.spar.game</string>');
    expect(entitlements.replace('staging.spar.game', DEFAULT_HOST)).toBe(ENTITLEMENTS);
  });
});

describe('iOS push through FCM', () => {
  it('forwards the APNs registration and its failure to Capacitor from the AppDelegate', () => {
    const delegate = read('ios/App/App/AppDelegate.swift');
    expect(delegate).toMatch(
      /didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data\) \{\s*NotificationCenter\.default\.post\(name: \.capacitorDidRegisterForRemoteNotifications, object: deviceToken\)/,
    );
    expect(delegate).toMatch(
      /didFailToRegisterForRemoteNotificationsWithError error: Error\) \{\s*NotificationCenter\.default\.post\(name: \.capacitorDidFailToRegisterForRemoteNotifications, object: error\)/,
    );
  });

  it('has the aps-environment entitlement, wired into both configurations of the app target', () => {
    expect(ENTITLEMENTS).toMatch(/<key>aps-environment<\/key>\s*<string>development<\/string>/);
    expect([...PBXPROJ.matchAll(/CODE_SIGN_ENTITLEMENTS = App\/App\.entitlements;/g)]).toHaveLength(2);
    expect(PBXPROJ).toMatch(
      /\/\* App\.entitlements \*\/ = \{isa = PBXFileReference;[^}]*path = App\.entitlements;/,
    );
  });

  it('may wake in the background for a notification', () => {
    expect(INFO_PLIST).toMatch(
      /<key>UIBackgroundModes<\/key>\s*<array>\s*<string>remote-notification<\/string>/,
    );
  });

  it("bundles Firebase's config when the release manager supplied it, and builds without it", () => {
    expect(PBXPROJ).toMatch(/\/\* Copy GoogleService-Info\.plist \*\/,\n\s*\);/);
    expect(PBXPROJ).toContain('if [ -f \\"${SRCROOT}/App/GoogleService-Info.plist\\" ]');
    expect(read('ios/.gitignore')).toContain('App/App/GoogleService-Info.plist');
    expect(read('android/.gitignore')).toContain('app/google-services.json');
    expect(read('android/app/build.gradle')).toContain("apply plugin: 'com.google.gms.google-services'");
  });
});

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1'), file).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}
const md5 = (file: string) => createHash('md5').update(readFileSync(file)).digest('hex');
const pngsUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.png'))
    .map((file) => path.join(dir, file));

describe('icons and splash screens from the brand art', () => {
  const templates = mkdtempSync(path.join(tmpdir(), 'spar-cap-templates-'));
  afterAll(() => rmSync(templates, { recursive: true, force: true }));

  it('has every launcher icon and adaptive layer at every density', () => {
    const densities = { mdpi: 48, hdpi: 72, xhdpi: 96, xxhdpi: 144, xxxhdpi: 192 };
    for (const [density, size] of Object.entries(densities)) {
      for (const icon of ['ic_launcher', 'ic_launcher_round'])
        expect(pngSize(`${RES}/mipmap-${density}/${icon}.png`), `${density} ${icon}`).toEqual([size, size]);
      for (const orientation of ['port', 'land'])
        expect(
          existsSync(`${RES}/drawable-${orientation}-${density}/splash.png`),
          `${orientation} ${density}`,
        ).toBe(true);
    }
    // The adaptive layers are 108 dp, so Android draws them without scaling (a 48 dp layer inset
    // in the XML is upscaled 1.5× and looks soft).
    // Android's density buckets, as multiples of mdpi (1 dp = 1 px there).
    const scale = { ldpi: 0.75, mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };
    const layerSizes = Object.fromEntries(Object.entries(scale).map(([density, s]) => [density, 108 * s]));
    expect(ADAPTIVE_LAYER_SIZES).toEqual(layerSizes);
    for (const [density, size] of Object.entries(layerSizes))
      for (const layer of ['ic_launcher_foreground', 'ic_launcher_background'])
        expect(pngSize(`${RES}/mipmap-${density}/${layer}.png`), `${density} ${layer}`).toEqual([size, size]);
    for (const xml of ['ic_launcher.xml', 'ic_launcher_round.xml']) {
      const adaptive = read(`${RES}/mipmap-anydpi-v26/${xml}`);
      expect(adaptive).toContain('<foreground android:drawable="@mipmap/ic_launcher_foreground"');
      expect(adaptive).toContain('<background android:drawable="@mipmap/ic_launcher_background"');
      expect(adaptive).not.toContain('inset');
    }
  });

  it('has the adaptive layers drawn from the brand art as it is now', () => {
    // Redrawn in memory: a change of the art without `npm run assets:mobile` fails here.
    for (const [file, data] of adaptiveLayers(read(BRAND_ART)))
      expect(readFileSync(`${RES}/${file}`).equals(data), file).toBe(true);
  });

  it('has the iOS icon at 1024 px and the splash at each scale, as the asset catalogue names them', () => {
    const icons = 'ios/App/App/Assets.xcassets/AppIcon.appiconset';
    const iconFiles = (JSON.parse(read(`${icons}/Contents.json`)) as { images: { filename: string }[] })
      .images;
    expect(iconFiles.length).toBeGreaterThan(0);
    for (const { filename } of iconFiles) expect(pngSize(`${icons}/${filename}`)).toEqual([1024, 1024]);
    const splash = 'ios/App/App/Assets.xcassets/Splash.imageset';
    const splashFiles = (
      JSON.parse(read(`${splash}/Contents.json`)) as { images: { scale: string; filename: string }[] }
    ).images;
    expect(new Set(splashFiles.map((image) => image.scale))).toEqual(new Set(['1x', '2x', '3x']));
    for (const { filename } of splashFiles) expect(existsSync(`${splash}/${filename}`), filename).toBe(true);
    // Nothing left over that the catalogue does not name.
    const named = new Set(splashFiles.map((image) => image.filename));
    expect(readdirSync(splash).filter((file) => file.endsWith('.png') && !named.has(file))).toEqual([]);
  });

  it("no image is one of Capacitor's template images", () => {
    for (const [archive, dir] of [
      ['android-template.tar.gz', 'android'],
      ['ios-spm-template.tar.gz', 'ios'],
    ] as const) {
      const out = path.join(templates, dir);
      mkdirSync(out, { recursive: true });
      const untar = spawnSync('tar', ['xzf', `node_modules/@capacitor/cli/assets/${archive}`, '-C', out]);
      expect(untar.status, archive).toBe(0);
    }
    const template = new Set(pngsUnder(templates).map(md5));
    expect(template.size).toBeGreaterThan(10);
    const ours = [...pngsUnder('android/app/src/main/res'), ...pngsUnder('ios/App/App/Assets.xcassets')];
    expect(ours.length).toBeGreaterThan(50);
    expect(ours.filter((file) => template.has(md5(file)))).toEqual([]);
  });
});
