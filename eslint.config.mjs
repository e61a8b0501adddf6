// ESLint (flat config) for packages/shared, apps/api and apps/web: `npm run lint` (CI runs it).
// Layer rules are dependency-cruiser's job (.dependency-cruiser.cjs), not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import nextPlugin from '@next/eslint-plugin-next';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/.next*/**', '**/dist/**', '**/coverage/**', 'apps/api/drizzle/**', '**/next-env.d.ts'],
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused names are mistakes, except the ones a name documents on purpose (`_` prefix) and
      // the rest-sibling idiom that drops a key from an object (`const { secret, ...rest } = row`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `import type` keeps type-only imports out of the runtime graph (and of the ESM load order).
      // `typeof import('x')` stays allowed: it types a module that is loaded lazily with `import()`
      // (country-state-city, the rich-text renderer) without loading it up front.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // CommonJS config files (dependency-cruiser's).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The web app: React hooks rules and Next's own rules (@next/eslint-plugin-next; eslint-config-next
    // is not used because it pulls eslint-import-resolver-typescript, whose native resolver needs an
    // install script).
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    languageOptions: { globals: { ...globals.browser } },
    settings: { next: { rootDir: 'apps/web' } },
    rules: {
      // rules-of-hooks and exhaustive-deps only. The other rules of react-hooks 7's recommended set
      // are the React Compiler's checks: any of them runs the compiler over every file, which was
      // 80 % of the whole lint's time (48 → ~13 s of CPU without them, 2026-11-29). This app does not
      // use the compiler, and what its checks flagged here was deliberate: resetting a dialog's state
      // when it opens, syncing an input with the URL, the latest-callback ref, a lazily created
      // store, `Date.now()` in a submit-time validator, a polling callback that schedules itself.
      // Turn them back on with the compiler (exhaustive-deps' warnings fail the lint: --max-warnings 0).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      // Hard navigations on purpose (to /auth/login on logout or a 401, to /home after deleting the
      // post on screen): they drop all client state and cached data.
      '@next/next/no-location-assign-relative-destination': 'off',
    },
  },
  {
    // Accessibility (issue 34 §5): eslint-plugin-jsx-a11y's recommended rules on the web's JSX. A rule
    // is turned off only on a line, with a comment saying why it is a false positive there; axe checks
    // the rendered pages too (e2e/a11y.spec.ts).
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A `role` prop on our own components is not an ARIA role (UserPicker's and SocialButtons'
      // `role="user"` / `"performer"`: which accounts to list); DOM elements are still checked.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // Every API call goes through the route map's typed client (call, useRoute, useRouteTable,
    // useRouteList, uploadTo, useIdempotentPay, routeHref): no hand-written paths at call sites.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api.ts', 'apps/web/src/lib/swr.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@/lib/api', importNames: ['request'], message: 'Call the API with call(routes.x.y, …) (or the hooks on it).' }] }],
    },
  },
);
