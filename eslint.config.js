// @ts-check
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The parts, and who may import whom: docs/design.md, "Import directions". Each side is a stack
 * of floors; a file imports its own floor and the floors below it, never one above, so a change
 * to a low floor is the only kind that can reach far. Order matters: a file belongs to the first
 * element whose pattern matches it.
 */
const ELEMENTS = [
  { type: 'shared', pattern: 'shared' },
  // The server, bottom to top; under them all its core files (SERVER_CORE).
  { type: 'server-infra', pattern: 'server/src/infra' },
  { type: 'server-db', pattern: 'server/src/db' },
  { type: 'server-http', pattern: 'server/src/http' },
  { type: 'server-rooms', pattern: 'server/src/rooms' },
  { type: 'server-modules', pattern: 'server/src/modules' },
  { type: 'server-matchmaking', pattern: 'server/src/matchmaking' },
  { type: 'server-realtime', pattern: 'server/src/realtime' },
  // The composition root and what stands on it: app.ts, main.ts, static.ts, cli/, testing/.
  { type: 'server-app', pattern: 'server' },
  // The renderer, bottom to top.
  { type: 'renderer-platform', pattern: 'renderer/src/platform' },
  { type: 'renderer-lib', pattern: 'renderer/src/lib' },
  { type: 'renderer-domain', pattern: 'renderer/src/domain' },
  { type: 'renderer-components', pattern: 'renderer/src/components' },
  { type: 'renderer-feature', pattern: 'renderer/src/features/*', capture: ['feature'] },
  { type: 'renderer-app', pattern: 'renderer/src/app' },
  // main.tsx: starts the app.
  { type: 'renderer', pattern: 'renderer' },
  { type: 'electron', pattern: 'electron' },
  { type: 'tests', pattern: 'tests' },
  { type: 'scripts', pattern: 'scripts' },
];

/**
 * Bottom to top. Floors in one inner list are side by side and never import each other: http
 * and rooms (a game room knows no request, a route reaches rooms only through a module); the
 * modules and matchmaking (pairing gets ratings and blocks injected).
 */
const SERVER_FLOORS = [
  ['server-infra'],
  ['server-db'],
  ['server-http', 'server-rooms'],
  ['server-modules', 'server-matchmaking'],
  ['server-realtime'],
  ['server-app'],
];
const RENDERER_FLOORS = [
  ['renderer-platform'],
  ['renderer-lib'],
  ['renderer-components'],
  ['renderer-domain'],
  ['renderer-feature'],
  ['renderer-app'],
  ['renderer'],
];
const SERVER = SERVER_FLOORS.flat();
/**
 * The server's floor 0, files rather than a folder (element patterns match folders only): the
 * configuration and the domain errors, which every floor uses and which import only shared.
 */
const SERVER_CORE = { category: 'server-core', pattern: 'server/src/{config,errors}.ts' };
const RENDERER = RENDERER_FLOORS.flat();

/** Each floor may import shared, itself and every floor below it. */
function floorPolicies(floors, except = {}) {
  return floors.flatMap((floor, index) =>
    floor.map((type) => {
      const below = floors.slice(0, index).flat();
      const to = ['shared', type, ...below].filter((t) => !(except[type] ?? []).includes(t));
      return allowed(type, to);
    }),
  );
}

const allowed = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'coverage/**',
      // Node 24 as scripts/provision-node.sh caches it.
      '.cache/**',
      // The native projects the Capacitor CLI generates, with the web build copied into them.
      'android/**',
      'ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }, SERVER_CORE],
      'import/resolver': {
        [fileURLToPath(new URL('./scripts/eslint-resolver.cjs', import.meta.url))]: {},
        node: {},
      },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Imports inside one element are checked too: the core files share server-app's folder.
          checkInternals: true,
          policies: [
            allowed('shared', ['shared']),
            // realtime speaks WebSocket: a socket has no request or reply, so no HTTP layer.
            ...floorPolicies(SERVER_FLOORS, { 'server-realtime': ['server-http'] }),
            // The last policy that matches decides: every floor may use the core files, and they
            // (inside server-app's folder) import only shared and each other.
            {
              from: { element: { types: { anyOf: SERVER } } },
              allow: { to: { file: { categories: SERVER_CORE.category } } },
            },
            {
              from: { file: { categories: SERVER_CORE.category } },
              disallow: { to: { element: { types: { anyOf: SERVER } } } },
            },
            {
              from: { file: { categories: SERVER_CORE.category } },
              allow: { to: { file: { categories: SERVER_CORE.category } } },
            },
            // A feature imports no other feature; the policy after these allows its own files.
            ...floorPolicies(RENDERER_FLOORS, { 'renderer-feature': ['renderer-feature'] }),
            {
              from: { element: { type: 'renderer-feature' } },
              allow: {
                to: {
                  element: { type: 'renderer-feature', captured: { feature: '{{from.captured.feature}}' } },
                },
              },
            },
            allowed('electron', ['shared', 'electron']),
            allowed('tests', ['shared', ...SERVER, ...RENDERER, 'electron', 'tests', 'scripts']),
            allowed('scripts', ['shared', ...SERVER, 'scripts']),
            // Unit tests beside their source may use the cross-cutting fixtures in tests/.
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'tests' } } } },
            // A server test may build the whole app (app.ts, testing/) to drive its subject.
            {
              from: { element: { types: { anyOf: SERVER } }, file: { categories: 'test' } },
              allow: { to: { element: { types: { anyOf: SERVER } } } },
            },
            // A renderer test may drive its subject through lib and components (the platform's
            // tests check the header padding and push registration on each platform).
            {
              from: { element: { types: { anyOf: RENDERER } }, file: { categories: 'test' } },
              allow: { to: { element: { types: { anyOf: ['renderer-lib', 'renderer-components'] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ is pure: no Node or browser APIs, no hidden clocks or randomness.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'shared/ must not use Node APIs.' },
            {
              regex: '^(fs|path|os|crypto|http|https|net|child_process|worker_threads)$',
              message: 'shared/ must not use Node APIs.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded Rng in shared/game/rng.ts.' },
        { object: 'Date', property: 'now', message: 'shared/ takes time as an argument.' },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'localStorage', 'fetch'],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
);
