import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const drizzleOnlyInRepos = {
  name: 'drizzle-orm',
  message: 'Queries live in *.repo.ts (or db/): services call repositories (ADR 015).',
};
// A folder three levels up is named by its alias (package.json "imports": #server/…, #shared/…, #web/…,
// #tests/…); this pattern joins every no-restricted-imports below, as a later block replaces the rule's options.
const climb = {
  regex: '^(\\.\\./){3,}',
  message: "Import across src/ by its alias (#server/…, #shared/…, #web/…), not '../../../'.",
};
const notServer = { regex: '(^#|/)server/' };
const featureInternals = {
  regex: '^(\\.\\./(?!\\.\\./)|#web/features/)[^/]+/(?!index\\.ts$)',
  message: "Another feature is used through its index.ts: import '../feature', not a file inside it.",
};
// Issue 30 §2: a value read from the database or a provider is checked (a zod schema, a typed query), not
// cast; `as unknown as` is refused outside the drivers' typing below, and a raw row is read with
// rowsOf(schema, result) (src/server/db/rows.ts).
const doubleCast = {
  selector:
    'TSAsExpression[expression.type="TSAsExpression"][expression.typeAnnotation.type="TSUnknownKeyword"]',
  message: "No 'as unknown as': check the value (a zod schema, a type guard) or type its source.",
};
const appPath = 'A path of the web app comes from src/web/paths.ts (paths or a builder such as orderPage).';
const upward = 'Services go orders → subscriptions → payments: this import points the other way (ADR 015).';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'drizzle', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**', 'bench/**', 'chaos/**', '.ci/**', 'e2e/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  { rules: { 'no-restricted-imports': ['error', { patterns: [climb] }] } },
  {
    files: ['src/**/*.{ts,tsx}'],
    // The two drivers' databases as the one Db type, and the raw client under it on the order path.
    ignores: [
      'src/server/db/client.ts',
      'src/server/db/raw-query.ts',
      'src/server/orders/hot-statements.repo.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', doubleCast] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [climb, notServer] }],
    },
  },
  // Every link and navigation takes its path from paths.ts (a literal '/…' in `to`, `href`, navigate() or
  // location.assign() is refused; /api/ downloads are not pages).
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/paths.ts', 'src/web/**/*.test.*'],
    rules: {
      'no-restricted-syntax': [
        'error',
        doubleCast,
        ...[
          'JSXAttribute[name.name=/^(to|href)$/] > Literal',
          'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer > Literal',
          'CallExpression[callee.name="navigate"] > Literal.arguments:first-child',
          'CallExpression[callee.property.name="assign"] > Literal.arguments:first-child',
        ].map((at) => ({ selector: `${at}[value=/^\\/(?!api\\/)/]`, message: appPath })),
        ...[
          'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer > TemplateLiteral',
          'CallExpression[callee.name="navigate"] > TemplateLiteral.arguments:first-child',
          'CallExpression[callee.property.name="assign"] > TemplateLiteral.arguments:first-child',
        ].map((at) => ({ selector: `${at}[quasis.0.value.raw=/^\\/(?!api\\/)/]`, message: appPath })),
      ],
    },
  },
  // A feature's public surface is its index.ts: '../orders', never '../orders/order-access'.
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [climb, notServer, featureInternals] }] },
  },
  // Components and hooks reach the server through their feature's client module (<feature>-api.ts).
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    ignores: ['src/web/features/**/*-api.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: "Call the server through the feature's client module (<feature>-api.ts)." },
      ],
    },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    ignores: ['src/web/features/**/*-api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            climb,
            notServer,
            featureInternals,
            {
              regex: '(^#web/|/)lib/api(\\.ts)?$',
              importNames: ['api'],
              message: "Call the server through the feature's client module (<feature>-api.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [climb, { group: ['**/server/**', '**/web/**', 'node:*'] }, { regex: '^#(server|web)/' }],
        },
      ],
    },
  },
  // Layers (ADR 015): services run orders → subscriptions → payments; repositories (*.repo.ts) under all
  // of them reach only db/ and shared/; Drizzle only in repositories and db/.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.repo.ts', 'src/server/db/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [drizzleOnlyInRepos], patterns: [climb] }] },
  },
  {
    files: ['src/server/subscriptions/**/*.ts'],
    ignores: ['src/server/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [drizzleOnlyInRepos],
          patterns: [
            climb,
            { regex: '^(\\.\\./|#server/)(orders|admin|accounts)/(?!.*\\.repo(\\.ts)?$)', message: upward },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/payments/**/*.ts'],
    ignores: ['src/server/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [drizzleOnlyInRepos],
          patterns: [
            climb,
            {
              regex: '^((\\.\\./)+|#server/)(orders|subscriptions|admin|accounts)/(?!.*\\.repo(\\.ts)?$)',
              message: upward,
            },
          ],
        },
      ],
    },
  },
  // Delivery sits under payments (a confirmation creates the deliveries in its transaction).
  {
    files: ['src/server/fulfilment/**/*.ts'],
    ignores: ['src/server/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [drizzleOnlyInRepos],
          patterns: [
            climb,
            {
              regex:
                '^((\\.\\./)+|#server/)(orders|subscriptions|payments|admin|accounts)/(?!.*\\.repo(\\.ts)?$)',
              message: 'Fulfilment sits under payments: it reaches only repositories above it (ADR 017).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            climb,
            {
              regex:
                '^(\\.(?!\\./db/|\\./\\.\\./shared/|/periods$|.*\\.repo$)|#(?!shared/|server/db/|server/.*\\.repo\\.ts$))',
              message: 'A repository reaches only db/, shared/ and other repositories.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            climb,
            {
              regex: '^(\\.\\./(?!(\\.\\./)*shared/)|#(?!shared/))',
              message: 'db/ is the lowest layer: it imports only shared/.',
            },
          ],
        },
      ],
    },
  },
  // Small files (issue 30 §6): a file of src/ past 200 lines, blank lines and comments counted, is split by
  // purpose.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 200, skipBlankLines: false, skipComments: false }] },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
