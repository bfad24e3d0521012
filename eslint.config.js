import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = [
  'marketing',
  'device',
  'panel-auth',
  'panel-shell',
  'panel-dashboard',
  'panel-devices',
  'panel-check-mac',
  'panel-activate-mac',
  'panel-playlists',
  'panel-clients',
  'panel-resellers',
  'panel-credits',
  'panel-links',
  'panel-password',
  'panel-messages',
];

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
