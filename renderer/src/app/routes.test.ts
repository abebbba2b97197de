import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE, PAGE_ROUTES } from '@shared/pages';
import { PATHS, ROUTE_PATTERNS } from '../lib/paths';

describe('the route table (shared/pages.ts)', () => {
  it('holds exactly the addresses the app links to', () => {
    const values: unknown[] = [...Object.values(PATHS), ...Object.values(ROUTE_PATTERNS)];
    const linked = values.filter(
      (value): value is string => typeof value === 'string' && !value.includes('?'),
    );
    expect(new Set(PAGE_ROUTES.map((route) => route.path))).toEqual(new Set(linked));
  });

  it('names every page module, and only those', () => {
    const modules = Object.keys(import.meta.glob('./pages/*.tsx')).map((file) =>
      file.replace(/^\.\/pages\/(.*)\.tsx$/, '$1'),
    );
    expect(new Set([...PAGE_ROUTES.map((route) => route.page), NOT_FOUND_PAGE])).toEqual(new Set(modules));
  });
});
