import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under src/web/features is a feature: a new one is covered without editing this list.
const features = fs
  .readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.dist-*',
      '.e2e-data*',
      '.bench-data',
      'backups',
      'data',
      'node_modules',
      'playwright-report',
      'test-results',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared/ is imported by both sides and imports neither.
            { target: './src/shared', from: './src/server' },
            { target: './src/shared', from: './src/web' },
            { target: './src/web', from: './src/server' },
            { target: './src/server', from: './src/web' },
            // Features never import one another: shared pieces move to components/ or lib/.
            ...features.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
            })),
            // The app's shared layers serve the features and import none of them.
            { target: './src/web/components', from: './src/web/features' },
            { target: './src/web/lib', from: './src/web/features' },
            { target: './src/web/i18n', from: './src/web/features' },
          ],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
