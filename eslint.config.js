import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = 'web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'server/drizzle/**', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      // Imports flow one way: shared code -> features -> app; a feature never imports another feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({ target: `./web/src/features/${name}`, from: './web/src/features', except: [`./${name}`] })),
            { target: './web/src/features', from: './web/src/app' },
            { target: ['./web/src/components', './web/src/lib', './web/src/api', './web/src/i18n'], from: ['./web/src/features', './web/src/app'] },
          ],
        },
      ],
    },
  },
);
