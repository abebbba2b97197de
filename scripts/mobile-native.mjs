// What `npm run build:mobile` writes into the committed native projects before `cap sync`: the
// store version from package.json (iOS; Android's build.gradle reads package.json itself) and the
// public host of the App Links / Universal Links. Each function returns the file's new text and
// leaves a file that already says so unchanged. See docs/mobile.md, "Versions" and "Deep links".

/** major * 10000 + minor * 100 + patch: 1.4.0 → 10400, as android/app/build.gradle computes it. */
export function versionCode(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(String(version));
  if (!match) throw new Error(`package.json version must be MAJOR.MINOR.PATCH, got "${version}"`);
  const [major, minor, patch] = match.slice(1, 4).map(Number);
  if (minor > 99 || patch > 99)
    throw new Error(
      `package.json version ${version}: minor and patch must stay below 100 for the version code`,
    );
  return major * 10000 + minor * 100 + patch;
}

function replaceAll(text, pattern, replacement, what) {
  if (!pattern.test(text)) throw new Error(`${what} not found`);
  return text.replace(new RegExp(pattern.source, 'g'), replacement);
}

/** The Xcode project with MARKETING_VERSION and CURRENT_PROJECT_VERSION (the build number) set. */
export function stampIosVersion(pbxproj, version) {
  const build = versionCode(version);
  const marketing = version.replace(/[-+].*$/, '');
  const stamped = replaceAll(
    pbxproj,
    /MARKETING_VERSION = [^;]*;/,
    `MARKETING_VERSION = ${marketing};`,
    'MARKETING_VERSION',
  );
  return replaceAll(
    stamped,
    /CURRENT_PROJECT_VERSION = [^;]*;/,
    `CURRENT_PROJECT_VERSION = ${build};`,
    'CURRENT_PROJECT_VERSION',
  );
}

const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/** The host of an https origin such as https://play.spar.game (a port is refused: links are on 443). */
export function linkHost(origin) {
  const url = new URL(origin);
  if (url.protocol !== 'https:' || url.port || !HOST.test(url.hostname))
    throw new Error(`the public origin must be https://HOST without a port, got "${origin}"`);
  return url.hostname;
}

/** The Android manifest with the App Links intent filter (the one with autoVerify) on `host`. */
export function stampAndroidLinkHost(manifest, host) {
  return replaceAll(
    manifest,
    /(<intent-filter android:autoVerify="true">[\s\S]*?<data android:scheme="https" android:host=")[^"]*(")/,
    `$1${host}$2`,
    'the autoVerify intent filter',
  );
}

/** The iOS entitlements with the Universal Links domain `applinks:host`. */
export function stampIosLinkHost(entitlements, host) {
  return replaceAll(
    entitlements,
    /<string>applinks:[^<]*<\/string>/,
    `<string>applinks:${host}</string>`,
    'applinks',
  );
}
