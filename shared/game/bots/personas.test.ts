import { describe, expect, it } from 'vitest';
import { BOT_LEVELS } from './index';
import { BOT_PERSONAS, botLevelOf, botPersonaOf, botUsername, botUsernames } from './personas';

describe('bot personas', () => {
  it('gives every bot of a table a different name that still says its level', () => {
    for (const level of BOT_LEVELS) {
      for (let first = -7; first < 13; first++) {
        const names = botUsernames(level, 3, first);
        expect(new Set(names).size).toBe(3);
        for (const name of names) expect(name).toMatch(new RegExp(`^[A-Z][a-z]+ \\(${level}\\)$`));
      }
    }
    expect(botUsernames('medium', 3, 0)).toEqual(['Kofi (medium)', 'Ama (medium)', 'Yaw (medium)']);
    expect(botUsernames('hard', 2, 5)).toEqual(['Abena (hard)', 'Kofi (hard)']);
  });

  it('keeps every name within 16 characters, the longest a seat shows whole', () => {
    for (const persona of BOT_PERSONAS)
      for (const level of BOT_LEVELS) expect(botUsername(persona, level).length).toBeLessThanOrEqual(16);
  });

  it('gives each persona its own name and colour', () => {
    expect(new Set(BOT_PERSONAS.map((p) => p.name)).size).toBe(BOT_PERSONAS.length);
    expect(new Set(BOT_PERSONAS.map((p) => p.color)).size).toBe(BOT_PERSONAS.length);
  });

  it('finds the persona behind a bot name, and none behind a player who looks like one', () => {
    expect(botPersonaOf('Ama (easy)')).toEqual({ name: 'Ama', color: 'pink' });
    expect(botPersonaOf('Ama')).toBeUndefined();
    expect(botPersonaOf('Ama (expert)')).toBeUndefined();
    expect(botPersonaOf('Zed (hard)')).toBeUndefined();
    for (const level of BOT_LEVELS) expect(botLevelOf(botUsername(BOT_PERSONAS[4]!, level))).toBe(level);
    expect(botLevelOf('Zed (hard)')).toBeUndefined();
    expect(botLevelOf('Ama')).toBeUndefined();
  });
});
