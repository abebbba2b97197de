import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/harness';
import { appLinkSegments } from './routes';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0')).join(':');

describe('/.well-known/ for the mobile app', () => {
  let configured: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    configured = await createTestApp('sqlite', {
      ANDROID_CERT_SHA256: `${FINGERPRINT}, ${FINGERPRINT.toUpperCase().replace(/^../, 'FF')}`,
      APPLE_TEAM_ID: 'ABCDE12345',
    });
    bare = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await configured.close();
    await bare.close();
  });

  it('serves assetlinks.json for the app package and its signing certificates, as JSON', async () => {
    const response = await configured.app.inject({ url: '/.well-known/assetlinks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'game.spar.app',
          sha256_cert_fingerprints: [
            FINGERPRINT.toUpperCase(),
            FINGERPRINT.toUpperCase().replace(/^../, 'FF'),
          ],
        },
      },
    ]);
  });

  it('serves apple-app-site-association for TEAM.bundle: the pages, not the sign-in return or the API', async () => {
    const response = await configured.app.inject({ url: '/.well-known/apple-app-site-association' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const details = response.json().applinks.details;
    expect(details).toHaveLength(1);
    expect(details[0].appIDs).toEqual(['ABCDE12345.game.spar.app']);
    const paths = (details[0].components as { '/': string }[]).map((component) => component['/']);
    expect(paths).toContain('/');
    expect(paths).toContain('/game/*');
    expect(paths).toContain('/messages/*');
    expect(paths.filter((p) => /oauth-redirect|^\/api|^\/ws|^\/previews|^\/assets/.test(p))).toEqual([]);
  });

  it('lets links open every page but /oauth-redirect', () => {
    const segments = appLinkSegments();
    expect(segments).toContain('game');
    expect(segments).toContain('reset-password');
    expect(segments).not.toContain('oauth-redirect');
    expect(new Set(segments).size).toBe(segments.length);
  });

  it('answers 404 with the usual error body when the settings are not given', async () => {
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const response = await bare.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('not_found');
    }
  });

  it('refuses malformed settings at start-up, naming the variable', () => {
    expect(() => loadConfig({ ANDROID_CERT_SHA256: 'AB:CD' })).toThrow(ConfigError);
    expect(() => loadConfig({ ANDROID_CERT_SHA256: 'AB:CD' })).toThrow(/ANDROID_CERT_SHA256/);
    expect(() => loadConfig({ APPLE_TEAM_ID: 'abc' })).toThrow(/APPLE_TEAM_ID/);
    expect(() => loadConfig({ IOS_BUNDLE_ID: 'not a bundle' })).toThrow(/IOS_BUNDLE_ID/);
    expect(() => loadConfig({ ANDROID_APP_ID: '1game' })).toThrow(/ANDROID_APP_ID/);
    const config = loadConfig({ APPLE_TEAM_ID: 'ABCDE12345', IOS_BUNDLE_ID: 'game.spar.beta' });
    expect(config.appLinks).toEqual({ android: null, apple: { appId: 'ABCDE12345.game.spar.beta' } });
  });
});
