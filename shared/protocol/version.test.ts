import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '../constants';
import { clientVersionSchema } from './client-version';
import { compareVersions, updateRequired } from './version';

describe('client versions (docs/protocol.md, "Minimum client version")', () => {
  it('compares MAJOR, then MINOR, then PATCH as numbers', () => {
    expect(compareVersions('1.4.0', '1.4.0')).toBe(0);
    expect(compareVersions('1.4.0', '1.5.0')).toBeLessThan(0);
    expect(compareVersions('1.5.0', '1.4.9')).toBeGreaterThan(0);
    expect(compareVersions('1.9.0', '1.10.0')).toBeLessThan(0);
    expect(compareVersions('2.0.0', '1.99.99')).toBeGreaterThan(0);
    expect(compareVersions('1.4.2', '1.4.10')).toBeLessThan(0);
    expect(compareVersions('0.0.1', '0.0.0')).toBeGreaterThan(0);
  });

  it('orders any two versions the same way both ways round', () => {
    const versions = ['0.0.0', '0.9.9', '1.0.0', '1.4.0', '1.4.1', '1.10.0', '2.0.0', '10.0.0'];
    for (const [i, a] of versions.entries()) {
      for (const [j, b] of versions.entries()) {
        expect(Math.sign(compareVersions(a, b)), `${a} vs ${b}`).toBe(Math.sign(i - j));
      }
    }
  });

  it('throws for what is not MAJOR.MINOR.PATCH', () => {
    for (const bad of ['1.4', '1.4.0-beta', 'v1.4.0', '01.4.0', '1.4.0.1', '', ' 1.4.0']) {
      expect(() => compareVersions(bad, '1.4.0'), bad).toThrow(/not a MAJOR\.MINOR\.PATCH version/);
      expect(() => compareVersions('1.4.0', bad), bad).toThrow(/not a MAJOR\.MINOR\.PATCH version/);
      expect(clientVersionSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(clientVersionSchema.parse('1.10.3')).toBe('1.10.3');
  });

  it('requires an update only below the minimum, and never without one or with one it cannot read', () => {
    expect(updateRequired('1.4.0', '1.5.0')).toBe(true);
    expect(updateRequired('1.4.0', '1.4.1')).toBe(true);
    expect(updateRequired('1.4.0', '1.4.0')).toBe(false);
    expect(updateRequired('1.5.0', '1.4.0')).toBe(false);
    expect(updateRequired('1.4.0', null)).toBe(false);
    expect(updateRequired('1.4.0', undefined)).toBe(false);
    expect(updateRequired('1.4.0', '')).toBe(false);
    expect(updateRequired('1.4.0', '2.0')).toBe(false);
    expect(updateRequired('1.4.0', '2.0.0-rc.1')).toBe(false);
  });

  it('the app version is one the comparison reads', () => {
    expect(clientVersionSchema.parse(APP_VERSION)).toBe(APP_VERSION);
  });
});
