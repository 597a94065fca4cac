import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint/module-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Modules meet only through their index.ts (docs/architecture.md §2). Tests and their helpers may
    // reach into another module to arrange a scene and inspect the outcome.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    plugins: { federa: boundaries },
    rules: { 'federa/module-boundaries': 'error' },
  },
  {
    // Benchmarks and tools report on the console by design.
    files: ['bench/**', 'tools/**'],
    rules: { 'no-console': 'off' },
  },
);
