import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

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
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  prettier,
);
