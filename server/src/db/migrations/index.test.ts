import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, StaticMigrationProvider } from '.';

describe('the migration list', () => {
  it('holds every migration file of the folder once, in order, under its file name', async () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const names = readdirSync(dir)
      .filter((file) => /^\d{4}_\w+\.ts$/.test(file))
      .map((file) => file.slice(0, -'.ts'.length))
      .sort();
    expect(Object.keys(MIGRATIONS)).toEqual(names);
    for (const name of names) {
      const { up } = (await import(`./${name}.ts`)) as { up: unknown };
      expect(MIGRATIONS[name], name).toBe(up);
    }
    // Kysely runs them by name: the list is in that order on either dialect.
    for (const dialect of ['sqlite', 'postgres'] as const)
      expect(Object.keys(await new StaticMigrationProvider(dialect).getMigrations())).toEqual(names);
  });
});
