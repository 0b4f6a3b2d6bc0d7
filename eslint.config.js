import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** The server's floors (packages/server/floors.json): each floor's files, bottom to top, as paths for the rule. */
const serverFloors = JSON.parse(
  readFileSync(new URL('./packages/server/floors.json', import.meta.url), 'utf8'),
).floors;
const serverPaths = (floor) =>
  floor.files.map((p) => `./packages/server/src/${p.endsWith('/') ? p.slice(0, -1) : p}`);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // TypeScript's imports (extensionless in the web app, `.js` for a `.ts` file in the Node packages) resolved,
      // so that no-cycle and no-restricted-paths see every import between our files
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }], // cycles are ours to avoid; dependencies are not traversed
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Randomness is an input: use an injected random source.',
        },
      ],
    },
  },
  {
    // The web app's floors (docs/architecture.md): kit ← table ← features ← app. A floor imports only from the floors
    // below it (a feature from other features too, without a circle: src/layers.test.ts); nothing imports the app.
    files: ['packages/web/src/**/*.ts', 'packages/web/src/**/*.tsx'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'packages/web/src/test-support.tsx',
      'packages/web/src/testing.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/web/src/kit',
              from: ['./packages/web/src/table', './packages/web/src/features', './packages/web/src/app'],
              message:
                'The kit is the ground floor: it imports nothing of the table, the features or the app.',
            },
            {
              target: './packages/web/src/table',
              from: ['./packages/web/src/features', './packages/web/src/app'],
              message: 'The table stands on the kit alone: it imports nothing of the features or the app.',
            },
            {
              target: './packages/web/src/features',
              from: ['./packages/web/src/app'],
              message:
                'Nothing imports the app shell: a feature gets what it needs from the kit and the table.',
            },
            {
              target: './packages/web/src',
              from: ['./packages/web/src/test-support.tsx', './packages/web/src/testing.ts'],
              message: 'Test helpers are for tests only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's floors (docs/architecture.md): base ← store ← domain ← rooms ← http ← main. A floor imports only
    // from its own floor and those below (src/layers.test.ts holds every file to one floor of floors.json).
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverFloors.slice(0, -1).map((floor, i) => ({
            target: serverPaths(floor),
            from: serverFloors.slice(i + 1).flatMap(serverPaths),
            message: `The server's ${floor.name} floor imports nothing from the floors above it (${serverFloors
              .slice(i + 1)
              .map((f) => f.name)
              .join(', ')}): packages/server/floors.json.`,
          })),
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  prettier,
);
