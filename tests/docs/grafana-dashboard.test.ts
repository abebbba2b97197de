import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../server/src/infra/metrics';

interface Dashboard {
  panels: { title: string; targets: { expr: string }[] }[];
  templating: { list: { query: { query: string } | string }[] };
}

const dashboard = JSON.parse(readFileSync('docs/grafana/spar-dashboard.json', 'utf8')) as Dashboard;

/** Every PromQL query of the dashboard: its panels' and its variables'. */
const queries = [
  ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
  ...dashboard.templating.list.map((variable) =>
    typeof variable.query === 'string' ? variable.query : variable.query.query,
  ),
];

/** The series names a query reads (ours and prom-client's process metrics). */
const namesIn = (query: string) =>
  [...query.matchAll(/\b(?:spar|nodejs|process)_[a-z0-9_]+/g)].map((m) => m[0]);

/** What a node exports with every back end configured, read from the exposition's TYPE lines. */
async function exported(): Promise<Map<string, string>> {
  const metrics = new Metrics();
  metrics.watch({
    openSockets: () => 0,
    signedInUsers: () => 0,
    activeGames: () => ({ ranked: 0, quick: 0, private: 0, practice: 0 }),
    queueSizes: async () => ({ ranked: 0, quick: 0 }),
    databaseUp: async () => true,
    redisUp: async () => true,
  });
  const { body } = await metrics.scrape();
  return new Map([...body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
}

/** The series a metric's name gives: a histogram's buckets, sum and count; a counter as named. */
function seriesOf(types: Map<string, string>): Set<string> {
  const series = new Set<string>();
  for (const [name, type] of types) {
    if (type === 'histogram') for (const end of ['_bucket', '_sum', '_count']) series.add(name + end);
    else series.add(name);
  }
  return series;
}

describe('docs/grafana/spar-dashboard.json', () => {
  it('queries only series the server exports', async () => {
    const series = seriesOf(await exported());
    const named = queries.flatMap(namesIn);
    expect(named.length).toBeGreaterThan(20);
    expect([...new Set(named)].filter((name) => !series.has(name)).sort()).toEqual([]);
  });

  it('shows every spar_ metric, and docs/operations.md describes each', async () => {
    const ours = [...(await exported()).keys()].filter((name) => name.startsWith('spar_'));
    expect(ours.length).toBeGreaterThanOrEqual(12);
    const read = new Set(queries.flatMap(namesIn).map((name) => name.replace(/_(bucket|sum|count)$/, '')));
    expect(ours.filter((name) => !read.has(name))).toEqual([]);
    const doc = readFileSync('docs/operations.md', 'utf8');
    const section = doc.slice(doc.indexOf('\n## Metrics\n'), doc.indexOf('\n## Alarms and symptoms\n'));
    expect(section.length).toBeGreaterThan(1000);
    expect(ours.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });

  it('uses its Prometheus data source input on every panel', () => {
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      expect(JSON.stringify(panel), panel.title).toContain('${DS_PROMETHEUS}');
    }
  });
});
