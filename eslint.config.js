// @ts-check
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The parts, and who may import whom: docs/design.md, "Import directions". */
const ELEMENTS = [
  { type: 'shared', pattern: 'shared' },
  // Inside the server: rooms run games and never reach into the feature modules (they store
  // through the GameStore seam); realtime speaks WebSocket and never imports the HTTP layer.
  // See docs/design.md, "Import directions".
  { type: 'server-rooms', pattern: 'server/src/rooms' },
  { type: 'server-realtime', pattern: 'server/src/realtime' },
  { type: 'server-http', pattern: 'server/src/http' },
  { type: 'server-modules', pattern: 'server/src/modules' },
  { type: 'server', pattern: 'server' },
  // Features of the renderer do not import each other; app/ composes them.
  { type: 'renderer-feature', pattern: 'renderer/src/features/*', capture: ['feature'] },
  // The routes, pages and layout: they compose features, so features never import them.
  { type: 'renderer-app', pattern: 'renderer/src/app' },
  { type: 'renderer', pattern: 'renderer' },
  { type: 'electron', pattern: 'electron' },
  { type: 'tests', pattern: 'tests' },
  { type: 'scripts', pattern: 'scripts' },
];

const SERVER = ['server', 'server-rooms', 'server-realtime', 'server-http', 'server-modules'];

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
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
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
          policies: [
            allowed('shared', ['shared']),
            allowed('server', ['shared', ...SERVER]),
            allowed('server-modules', ['shared', ...SERVER]),
            allowed('server-http', ['shared', ...SERVER]),
            allowed('server-realtime', [
              'shared',
              'server',
              'server-rooms',
              'server-realtime',
              'server-modules',
            ]),
            allowed('server-rooms', ['shared', 'server', 'server-rooms']),
            allowed('renderer', ['shared', 'renderer', 'renderer-feature', 'renderer-app']),
            allowed('renderer-app', ['shared', 'renderer', 'renderer-feature', 'renderer-app']),
            {
              from: { element: { type: 'renderer-feature' } },
              allow: {
                to: [
                  { element: { types: { anyOf: ['shared', 'renderer'] } } },
                  {
                    element: { type: 'renderer-feature', captured: { feature: '{{from.captured.feature}}' } },
                  },
                ],
              },
            },
            allowed('electron', ['shared', 'electron']),
            allowed('tests', [
              'shared',
              ...SERVER,
              'renderer',
              'renderer-feature',
              'renderer-app',
              'electron',
              'tests',
              'scripts',
            ]),
            allowed('scripts', ['shared', ...SERVER, 'scripts']),
            // Unit tests beside their source may use the cross-cutting fixtures in tests/.
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'tests' } } } },
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
