// ESLint (flat config): typescript-eslint's type-checked rules over the whole project, and for workflows/
// the import rule that keeps workflow code deterministic. `npm run lint` (part of `npm test`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

// What workflow code may import at run time (type-only imports are erased and always allowed):
// the Temporal workflow SDK, Temporal's common types, the other workflow modules (./…), and the project's
// deterministic modules: common/temporal.ts (search-attribute keys and workflow ids: pure functions) and
// common/webhookRetry.ts (the webhook retry constants) and common/failureTypes.ts (the activities' failure
// type names); and for the tracing interceptors (workflows/tracing.ts) Temporal's OpenTelemetry workflow
// interceptors and the OpenTelemetry API, both made for the sandbox. Anything else (activities, the database, node:*,
// Date-reading helpers) would run inside the workflow sandbox and break replay.
export const WORKFLOW_IMPORTS =
  /^(?!@temporalio\/workflow$|@temporalio\/common$|@temporalio\/interceptors-opentelemetry\/lib\/(workflow|instrumentation)$|@opentelemetry\/api$|\.\/[A-Za-z]+$|\.\.\/common\/(temporal|webhookRetry|failureTypes)$)/;

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/results/**', '.data/**', 'eslint.config.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Off: an `async` function without `await` is how this code implements an interface that returns a
      // Promise (activities, Koa handlers, storage backends); the mistakes that matter with promises are
      // the floating and misused ones, which the two rules above catch.
      '@typescript-eslint/require-await': 'off',
      // `_name` marks what a signature or a destructuring needs but the code does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' },
      ],
    },
  },
  {
    // Knex's query builder, without a registry of table types, returns `any` rows; each query function's
    // declared return type is its contract (the tests read those rows back). The builder is also thenable,
    // so the callbacks knex takes (`.modify`, `.where(q => …)`) look like promises handed to a void slot:
    // knex ignores what they return and nothing is awaited there. Its generics take their row types from a
    // cast (no-unnecessary-type-assertion would move them into type arguments). Landed migrations never change.
    files: ['db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
  {
    // Tests and benchmarks read JSON bodies and rows; the tests check each body against its schema at run
    // time (test/support/schemaAssert.ts), which a compile-time cast would only restate. chai's assertions
    // are property reads (`expect(x).to.be.true`). Knex's generics take their row types from a cast, which
    // no-unnecessary-type-assertion would move into type arguments: style, not safety. Activities are
    // plain functions in an object (the worker calls them detached too), so the tests destructure them.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    files: ['workflows/**/*.ts', 'common/temporal.ts', 'common/webhookRetry.ts', 'common/failureTypes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: WORKFLOW_IMPORTS.source,
              allowTypeImports: true,
              message:
                'Workflow code runs in the deterministic sandbox: import only @temporalio/workflow, @temporalio/common, other workflow modules and common/temporal, common/webhookRetry or common/failureTypes (type-only imports are fine). See eslint.config.mjs.',
            },
          ],
        },
      ],
    },
  },
  // Last: turns off every ESLint rule that formatting decides; Prettier formats (`npm run lint` checks both).
  prettier,
);
