import { describe, expect, it } from 'vitest';
import { usernameSchema } from './protocol/rest';
import {
  RESERVED_WORDS,
  findInvisibleCharacter,
  isReservedUsername,
  trimSpaces,
  usernameKey,
} from './usernames';

describe('findInvisibleCharacter', () => {
  it('finds invisible and formatting characters anywhere in a name', () => {
    const cases: [string, string][] = [
      ['\uFEFFadmin', 'U+FEFF'],
      ['ad\u200Bmin', 'U+200B'],
      ['bob\u200C', 'U+200C'],
      ['bo\u200Db', 'U+200D'],
      ['\u202Ebob', 'U+202E'],
      ['bob\u2066', 'U+2066'],
      ['bo\u00ADb', 'U+00AD'],
      ['bob\uFE0F', 'U+FE0F'],
      ['bob\u2060', 'U+2060'],
      ['\u00A0bob', 'U+00A0'],
      ['bob\u3000', 'U+3000'],
      ['\tbob', 'U+0009'],
      ['bob\u2028', 'U+2028'],
      ['bo\u3164b', 'U+3164'],
      ['bo\u2800b', 'U+2800'],
      ['bob\u180E', 'U+180E'],
      ['b\u034Fob', 'U+034F'],
    ];
    for (const [name, found] of cases) expect(findInvisibleCharacter(name), JSON.stringify(name)).toBe(found);
  });

  it('lets ordinary text through, ordinary spaces included', () => {
    for (const name of ['bob', ' bob ', 'Ama_1', 'bad name', 'ñandú', '😀']) {
      expect(findInvisibleCharacter(name)).toBeNull();
    }
  });

  it('trimSpaces drops only ordinary spaces at the ends', () => {
    expect(trimSpaces('  bob ')).toBe('bob');
    expect(trimSpaces('\uFEFFbob')).toBe('\uFEFFbob');
    expect(trimSpaces('\u00A0bob')).toBe('\u00A0bob');
  });
});

describe('usernameKey', () => {
  it('folds names a reader could mistake for one another to one key', () => {
    const groups = [
      ['bob', 'BOB', 'b0b', 'B0B', 'bob_', '_bob'],
      ['lil', 'Lil', 'l1l', 'iIl', '1i1', 'LIL'],
      ['modern', 'rnodern', 'modem'],
      ['wave', 'vvave', 'VVave'],
      ['sassy', '5a55y', 'SASSY'],
      ['zebra', '2ebra', 'z3bra', 'ze8ra', 'zebr4'],
      ['the_cat', 'the__cat', 'the_c4t', 'th3_cat', '7he_cat'],
    ];
    for (const group of groups) {
      const keys = new Set(group.map(usernameKey));
      expect(keys.size, group.join(' ')).toBe(1);
    }
  });

  it('keeps names that look different apart', () => {
    const distinct = ['bob', 'bobby', 'b_ob', 'rob', 'user6', 'user8', 'user9', 'user1', 'user2', 'player_g'];
    expect(new Set(distinct.map(usernameKey)).size).toBe(distinct.length);
  });

  it('never answers an empty key', () => {
    expect(usernameKey('___')).toBe('_');
  });
});

describe('isReservedUsername', () => {
  it('reserves every listed word, in any case, plural or disguise', () => {
    for (const word of RESERVED_WORDS) {
      expect(isReservedUsername(word), word).toBe(true);
      expect(isReservedUsername(word.toUpperCase()), word).toBe(true);
      expect(isReservedUsername(`${word}s`), word).toBe(true);
    }
    for (const name of [
      'Admin',
      '4dm1n',
      'ADM1N',
      'r00t',
      'Ad_min',
      'ad_rnin',
      'M0D',
      'h3lp',
      '5upport',
      '5PAR',
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('reserves names whose underscore- or digit-separated parts are reserved', () => {
    for (const name of [
      'admin_1',
      'admin1',
      '1admin',
      'spar_support',
      'the_mods',
      'team7',
      'x_official_x',
      'Security_Bob',
      'help_me',
      'bob_the_mod',
      'spar_bot_2',
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('reserves staff titles glued to a name and reserved words run together', () => {
    for (const name of [
      'adminbob',
      'theadmin',
      'chiefmoderator',
      'sparsupport',
      'teamspar',
      'SparStaff',
      'helpdesks',
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('allows ordinary names that merely contain a reserved word', () => {
    for (const name of [
      'modest',
      'sparrow',
      'Spartan_7',
      'helper',
      'badminton',
      'teammate',
      'rooted',
      'bottle',
      'robot',
      'modern_kofi',
      'systematic',
      'Ama_1',
      'Kofi_Boateng',
      'player_1',
      'abbot',
    ]) {
      expect(isReservedUsername(name), name).toBe(false);
    }
  });
});

describe('usernameSchema', () => {
  const issue = (value: unknown) => {
    const result = usernameSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('refuses invisible characters before trimming, naming the character', () => {
    expect(issue('\uFEFFadmin')).toBe(
      'Username must not contain invisible or formatting characters (U+FEFF)',
    );
    expect(issue('\uFEFFkofi')).toMatch(/invisible or formatting characters \(U\+FEFF\)/);
    expect(issue('ko\u200Bfi')).toMatch(/U\+200B/);
    expect(issue('\u00A0kofi')).toMatch(/U\+00A0/);
  });

  it('still trims ordinary spaces', () => {
    expect(usernameSchema.parse('  kofi ')).toBe('kofi');
  });

  it('refuses reserved names and accepts ordinary ones', () => {
    expect(issue('admin')).toMatch(/^Username is reserved/);
    expect(issue(' Spar_Support ')).toMatch(/^Username is reserved/);
    expect(issue('sparrow')).toBeNull();
    expect(issue('ab')).toMatch(/Username must be 3 to 20/);
  });
});
