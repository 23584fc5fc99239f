// Lint: typescript-eslint's type-checked rules over the sources, React's hook rules and jsx-a11y over the
// React layers. `npm test` runs it with zero warnings allowed.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Test code: specs, their helpers and fixtures, the repo-level tests and the bench. */
const testFiles = [
  '**/*.test.{ts,tsx}',
  '**/*.test-helper.ts',
  '**/*.test-helpers.tsx',
  'src/testing/fixtures.ts',
  'src/cli/test-folders.ts',
  'test/**',
  'bench/**',
  'templates/vanilla/test/**',
];

/**
 * The card templates, linted as the cards they become (their `src/` and `test/` type-checked, the vanilla card's
 * JavaScript included). Their own tsconfig.json files find @neurosquad/card-sdk in a card's node_modules, which
 * this repository has not, so templates/lint/ holds tsconfigs that extend them and map the SDK to its sources (and
 * the vanilla card's vendored build to the types vendor-sdk.mjs writes beside it).
 */
const templates = [
  {
    files: ['templates/react/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: false, project: './templates/lint/tsconfig.react.json' },
    },
  },
  { files: ['templates/react/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['templates/vanilla/{src,test}/**/*.js'],
    languageOptions: {
      parserOptions: { projectService: false, project: './templates/lint/tsconfig.vanilla.json' },
    },
  },
  {
    // node:test's test() returns a promise that the runner awaits itself.
    files: ['templates/vanilla/test/**/*.js'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: ['test', 'describe', 'it'], package: 'node:test' }] },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'coverage/',
      'reports/',
      'node_modules/',
      'bench/results/',
      'hooks/react18/',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.cjs', '*.mjs', 'bench/*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A leading underscore marks a deliberately unused binding; a rest sibling drops the named fields.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Passing on a reason we were handed (an abort signal's, a caught failure) is fine; making a non-Error is not.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['components/**/*.tsx', 'hooks/**/*.tsx', 'storybook/**/*.tsx', 'stories/**/*.tsx', '.storybook/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Relaxed in tests only: specs poke at untyped wire payloads, JSON reports and deliberately malformed
    // input, so `any` and the no-unsafe-* family stay errors in sources but not here.
    files: testFiles,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Async handlers in tests stand for a card's async code, awaited or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The documentation tests run the published docs' and README's examples as written (a card author's code,
    // e.g. an unawaited `card.ui.toast(...)` or `fetch: (req) => …`), so those rules do not apply to them.
    files: ['test/seeds/**', '**/readme-example.test.tsx'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    // The MCP SDK is a dependency of the CLI alone (dev's MCP endpoint, src/dev/): nothing a card imports reaches it.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['src/dev/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@modelcontextprotocol/*'], message: 'the MCP SDK is for src/dev/ (the CLI) only' }] },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ignores: ['templates/vanilla/{src,test}/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...templates,
);
