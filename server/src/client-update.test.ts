import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@shared/protocol';
import { buildApp, type App } from './app';
import { ConfigError, loadConfig, PLAY_STORE_URL } from './config';

/** MIN_CLIENT_VERSION and the update addresses (docs/operations.md, "Desktop and mobile apps"). */
describe('the minimum client version', () => {
  it('is no minimum when MIN_CLIENT_VERSION is unset or empty', () => {
    expect(loadConfig({}).clientUpdate).toBeNull();
    expect(loadConfig({ MIN_CLIENT_VERSION: '  ' }).clientUpdate).toBeNull();
    // The addresses alone announce nothing.
    expect(loadConfig({ UPDATE_URL_DESKTOP: 'https://spar.test/download' }).clientUpdate).toBeNull();
  });

  it('sends desktop and iOS players to the site and Android players to the Play Store by default', () => {
    expect(
      loadConfig({ MIN_CLIENT_VERSION: '1.5.0', PUBLIC_URL: 'https://play.spar.test/' }).clientUpdate,
    ).toEqual({
      minClientVersion: '1.5.0',
      updateUrls: {
        desktop: 'https://play.spar.test',
        android: PLAY_STORE_URL,
        ios: 'https://play.spar.test',
      },
    });
  });

  it('takes each update address from its own setting', () => {
    const config = loadConfig({
      MIN_CLIENT_VERSION: ' 2.0.1 ',
      UPDATE_URL_DESKTOP: 'https://spar.test/download',
      UPDATE_URL_ANDROID: 'https://play.google.com/store/apps/details?id=test.spar',
      UPDATE_URL_IOS: 'https://apps.apple.com/app/id123456789',
    });
    expect(config.clientUpdate).toEqual({
      minClientVersion: '2.0.1',
      updateUrls: {
        desktop: 'https://spar.test/download',
        android: 'https://play.google.com/store/apps/details?id=test.spar',
        ios: 'https://apps.apple.com/app/id123456789',
      },
    });
  });

  it('stops start-up on a version or address it cannot use, naming the variable', () => {
    for (const bad of ['1.5', 'v1.5.0', '1.5.0-beta', 'latest']) {
      expect(() => loadConfig({ MIN_CLIENT_VERSION: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ MIN_CLIENT_VERSION: bad }), bad).toThrow(
        /MIN_CLIENT_VERSION: must be a version/,
      );
    }
    expect(() => loadConfig({ MIN_CLIENT_VERSION: '1.5.0', UPDATE_URL_IOS: 'ftp://x.test' })).toThrow(
      /UPDATE_URL_IOS: must be a URL/,
    );
  });

  describe('on GET /api/health', () => {
    let app: App;
    beforeAll(async () => {
      const config = loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spar-data-')),
        PUBLIC_URL: 'https://play.spar.test',
        MIN_CLIENT_VERSION: '1.5.0',
      });
      app = await buildApp(config, { logger: false, sweepIntervalMs: 0 });
    });
    afterAll(() => app.close());

    it('announces the minimum and where to update, shallow and deep', async () => {
      const announced = {
        minClientVersion: '1.5.0',
        updateUrls: {
          desktop: 'https://play.spar.test',
          android: PLAY_STORE_URL,
          ios: 'https://play.spar.test',
        },
      };
      const shallow = await app.inject({ method: 'GET', url: '/api/health' });
      expect(shallow.statusCode).toBe(200);
      expect(shallow.json()).toEqual({
        status: 'ok',
        version: '1.4.0',
        build: 106,
        label: 'Beta',
        ...announced,
      });
      expect(healthResponseSchema.parse(shallow.json())).toEqual(shallow.json());
      const deep = await app.inject({ method: 'GET', url: '/api/health?deep=1' });
      expect(deep.json()).toMatchObject({ status: 'ok', checks: { database: 'up' }, ...announced });
    });
  });
});
