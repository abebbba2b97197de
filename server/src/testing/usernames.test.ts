import { describe, expect, it } from 'vitest';
import { isReservedUsername } from '@shared/usernames';
import { unreservedName } from './usernames';

describe('test usernames', () => {
  it('skips a name whose digits fold to a reserved word', () => {
    // The clock-based suffixes that broke sign-ups in tests: 807 reads as "bot".
    expect(isReservedUsername('tb4_po_807')).toBe(true);
    const suffixes = [807, 8075, 808];
    const name = unreservedName(() => `tb4_po_${suffixes.shift()}`);
    expect(name).toBe('tb4_po_808');
    expect(suffixes).toEqual([]);
  });

  it('gives up with a clear error rather than looping forever', () => {
    expect(() => unreservedName(() => 'admin')).toThrow('no test username that sign-up accepts');
  });
});
