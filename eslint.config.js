import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './tools/eslint-feature-boundaries.js';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'bench/out/**',
      'data/**',
      'server/drizzle/**',
      'web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tenant scoping by construction (issue 23): `app_id` is compared only by server/src/scope's
    // ofTenant/sameTenant, so a query either names its tenant through them or visibly skips it.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/scope/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^(eq|ne|inArray|notInArray|isNull|isNotNull)$/] > MemberExpression.arguments[property.name="appId"]',
          message:
            'Scope tenant tables with ofTenant(scope, table, ...) / sameTenant(a, b, ...) from server/src/scope/tenant-query.ts.',
        },
        {
          selector:
            'TaggedTemplateExpression[tag.name="sql"] > TemplateLiteral > MemberExpression.expressions[property.name="appId"]',
          message:
            'Compare app_id in raw SQL with ${sameTenant(a, b)} or ${ofTenant(scope, table)} from server/src/scope/tenant-query.ts.',
        },
        {
          selector:
            'CallExpression[callee.object.name="sql"][callee.property.name="raw"] :matches(TemplateElement[value.raw=/app_id/], Literal[value=/app_id/])',
          message:
            'Raw SQL on app_id bypasses the tenant helpers: use ofTenant/sameTenant from server/src/scope/tenant-query.ts.',
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=/app_id/]',
          message:
            'Raw SQL on app_id bypasses the tenant helpers: use ofTenant/sameTenant from server/src/scope/tenant-query.ts.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { local: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'local/feature-boundaries': 'error' },
  },
  {
    // One web API layer: keys come from the factories of web/src/api/query-keys.ts and only api
    // files (web/src/api/, features/<area>/api/) touch the cache, so a mutation owns its refresh.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Take query keys from the factories in web/src/api/query-keys.ts.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/**', 'web/src/features/*/api/**', 'web/src/features/admin/*/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQueryClient'],
              message:
                'Only api files touch the cache: give the mutation hook its own invalidation (web/src/features/<area>/api/).',
            },
            {
              name: 'react-router',
              importNames: ['useSearchParams'],
              message:
                'Take useSearchParamsLatest from web/src/lib/use-search-params.ts: its setter starts from the newest query, not the last rendered one.',
            },
          ],
          patterns: [
            {
              group: ['**/api', '**/api/client'],
              importNames: ['api', 'apiRequest', 'apiDownload'],
              message:
                'Server calls live in api files, one per call (web/src/features/<area>/api/ or web/src/api/).',
            },
          ],
        },
      ],
    },
  },
);
