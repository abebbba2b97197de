// Types of mobile-native.mjs for the TypeScript that imports it (its test).
export function versionCode(version: string): number;
export function stampIosVersion(pbxproj: string, version: string): string;
export function linkHost(origin: string): string;
export function stampAndroidLinkHost(manifest: string, host: string): string;
export function stampIosLinkHost(entitlements: string, host: string): string;
