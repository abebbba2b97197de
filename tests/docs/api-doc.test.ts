import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, docPath, type EndpointAuth } from '@shared/protocol';

/**
 * docs/api.md gives each endpoint of `shared/protocol` one heading, `METHOD /path` with `{name}`
 * for a path parameter, marked (private) or (staff) as its contract's `auth` says; and it lists
 * no /api endpoint the contracts do not have. See docs/design.md, "REST contracts".
 */
const MARK: Record<string, EndpointAuth> = { '(private)': 'required', '(staff)': 'staff' };

function documented(markdown: string): Map<string, EndpointAuth> {
  const found = new Map<string, EndpointAuth>();
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('#')) continue;
    const auth = MARK[/\((private|staff)\)\s*$/.exec(line)?.[0] ?? ''] ?? 'none';
    for (const [, method, path] of line.matchAll(/`(GET|POST|PUT|DELETE) (\/api\/[^`?\s]*)[^`]*`/g))
      found.set(`${method} ${path}`, auth);
  }
  return found;
}

describe('docs/api.md and the contracts', () => {
  it('documents exactly the endpoints of shared/protocol, each with its access', () => {
    const docs = documented(readFileSync('docs/api.md', 'utf8'));
    const contracts = new Map(ALL_ENDPOINTS.map((e) => [`${e.method} ${docPath(e.path)}`, e.auth]));
    expect([...docs.keys()].sort()).toEqual([...contracts.keys()].sort());
    expect(Object.fromEntries(docs)).toEqual(Object.fromEntries(contracts));
  });

  it('reads headings as the check needs', () => {
    const sample = [
      '### `GET /api/users/me/visibility`, `PUT /api/users/me/visibility` (private)',
      '### `GET /api/manager/audit?limit=20&before={id}` (staff)',
      '#### `GET /api/auth/verify-email?token=…`',
      'Body text naming `GET /api/nothing` is not a heading.',
    ].join('\n');
    expect(Object.fromEntries(documented(sample))).toEqual({
      'GET /api/users/me/visibility': 'required',
      'PUT /api/users/me/visibility': 'required',
      'GET /api/manager/audit': 'staff',
      'GET /api/auth/verify-email': 'none',
    });
  });
});
