import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'

// Import zones, bulletproof-react style: app and routes → features → components and lib.
// Relative imports are matched by folder name, so one block per feature folder is enough (a
// feature's own sub-folder may therefore not be named after another feature).
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const SHARED_HINT = 'Move what two features share to src/components (UI) or src/lib (pure helpers).'

/** A feature imports neither another feature nor the routes or adapters that compose it. */
const featureZone = (feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((f) => f !== feature).join('|')})(/|$)`,
            message: `The ${feature} feature may not import another feature. ${SHARED_HINT}`,
          },
          {
            regex: '^(\\.\\./)+(routes|adapters)(/|$)',
            message:
              'Features never import routes or adapters: take what you need as a prop, or from a hook or context in src/app.',
          },
        ],
      },
    ],
  },
})

export default tseslint.config(
  { ignores: ['dist', 'data', '.tmp', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...FEATURES.map(featureZone),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|routes|adapters)(/|$)',
              message:
                'Shared components and helpers sit below the features: they import none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', 'ky', 'dexie', '../server/*', '../src/*'] },
      ],
    },
  },
  {
    // Routes stay thin (validate → repository → envelope): only repositories touch the database.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'drizzle-orm',
                'drizzle-orm/*',
                '**/db/schema',
                '**/db/schema/*',
                '**/db/driver/*',
              ],
              message:
                'Queries belong in a repository (server/plugins/app/<domain>), not in a route.',
            },
          ],
        },
      ],
    },
  },
)
