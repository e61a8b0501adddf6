// Layer rules of ARCHITECTURE.md ("Layers"), checked by `npm run lint` (CI runs it).
// Any `error` fails the run; `warn` is reported only.
//
// API (apps/api/src), lowest first — a file may import its own layer or lower ones:
//   packages/shared ← db/ + modules/*/*.tables.ts ← platform/ ← core ← content ← engagement ← commerce
// Every layer may import any *.tables.ts (tables reference other tables for keys and joins).
// The composition root (app.ts, root.ts, server.ts, worker.ts), seed/ and tests may import anything.
// Adding a module: put its name in the right list below.

const CORE = ['users', 'auth', 'legal', 'performers', 'settings', 'media', 'geo', 'reference', 'ledger', 'health', 'backup', 'releases'];
const CONTENT = ['feeds', 'videos', 'galleries', 'photos', 'products', 'messages', 'streaming', 'vault', 'site', 'calendar', 'labels'];
const ENGAGEMENT = ['follows', 'reactions', 'comments', 'reports', 'search', 'notifications', 'blocks', 'takedowns', 'protection'];
const COMMERCE = ['payments', 'coupons', 'wallet', 'subscriptions', 'earnings', 'taxes', 'payouts', 'purchases', 'orders', 'addresses', 'admin', 'privacy', 'referrals', 'tracking', 'promotions', 'tipmenu', 'fans', 'statistics', 'system'];

const API = '^apps/api/src/';
const mod = (names) => `${API}modules/(${names.join('|')})/`;
/** Test files and test support: allowed to import anything, so left out of the layer rules. */
const TESTS = ['\\.test\\.ts$', '^apps/api/test/', '\\.fixtures\\.ts$'];
const TABLES = '\\.tables\\.ts$';
/**
 * Leaf rules: pure rules over one module's tables that lower layers need, importable from any layer
 * like a *.tables.ts file — and, like one, importing only the schema layer (rule `leaf-rule-imports-only-schema`).
 * subscriptions.policy.ts is THE rule "a subscription grants access" (issue 9), used by feeds;
 * blocks.policy.ts is THE block rule (mutual), used by every module that shows or reaches another user.
 */
const LEAF_RULES = ['^apps/api/src/modules/subscriptions/subscriptions\\.policy\\.ts$', '^apps/api/src/modules/blocks/blocks\\.policy\\.ts$', '^apps/api/src/modules/subscriptions/tiers\\.policy\\.ts$'];
/** A layer's files, not counting its tables (which sit in the schema layer) or its tests. */
const layer = (path) => ({ path, pathNot: [...TESTS, TABLES] });
/** Modules of the given layers, except their tables (any layer may import any tables file). */
const into = (names) => ({ path: mod(names), pathNot: [TABLES, ...LEAF_RULES] });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make the build order and the layers meaningless: break the cycle (an event, a registry, or move the shared piece down).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that cannot be resolved (typo, or a package missing from package.json).',
      from: {},
      to: { couldNotResolve: true },
    },
    // ── packages ──────────────────────────────────────────────────────────────────────────────
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is the bottom layer: it imports nothing from apps/.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-no-api',
      severity: 'error',
      comment: 'The web talks to the API over HTTP and shares contracts through packages/shared only.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-imports-no-web',
      severity: 'error',
      comment: 'The API never imports the web app.',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    // ── API layers ────────────────────────────────────────────────────────────────────────────
    {
      name: 'only-root-imports-root',
      severity: 'error',
      comment: 'The composition root (app.ts, root.ts, server.ts, worker.ts) and seed/ sit on top: no layer imports them.',
      from: { path: `${API}(db|platform|modules)/`, pathNot: TESTS },
      to: { path: `${API}((app|root|server|worker)\\.ts$|seed/)` },
    },
    {
      name: 'schema-imports-only-shared',
      severity: 'error',
      comment: 'db/ and *.tables.ts form the schema layer: they import packages/shared, db/ and other tables only.',
      from: { path: [`${API}db/`, `${API}modules/.+${TABLES}`], pathNot: TESTS },
      to: { path: `${API}(platform|modules)/`, pathNot: TABLES },
    },
    {
      name: 'leaf-rule-imports-only-schema',
      severity: 'error',
      comment: 'A leaf rule (see LEAF_RULES) is imported by lower layers, so it imports only packages/shared, db/ and tables.',
      from: { path: LEAF_RULES },
      to: { path: `${API}(platform|modules)/`, pathNot: TABLES },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment: 'platform/ never imports modules/ (tables excepted): modules plug into the platform, not the reverse.',
      from: layer(`${API}platform/`),
      to: into(['[^/]+']),
    },
    {
      name: 'core-imports-no-upper-layer',
      severity: 'error',
      comment: 'A core module imports only core modules, platform/, db/, tables and shared.',
      from: layer(mod(CORE)),
      to: into([...CONTENT, ...ENGAGEMENT, ...COMMERCE]),
    },
    {
      name: 'content-imports-no-upper-layer',
      severity: 'error',
      comment: 'A content module never imports an engagement or commerce module.',
      from: layer(mod(CONTENT)),
      to: into([...ENGAGEMENT, ...COMMERCE]),
    },
    {
      name: 'engagement-imports-no-upper-layer',
      severity: 'error',
      comment: 'An engagement module never imports a content or commerce module: content reaches it through the content-kind registry.',
      from: layer(mod(ENGAGEMENT)),
      to: into([...CONTENT, ...COMMERCE]),
    },
    {
      name: 'commerce-imports-no-content',
      severity: 'error',
      comment: 'A commerce module never imports a content module: prices and access rules come through the content-kind registry.',
      from: layer(mod(COMMERCE)),
      to: into(CONTENT),
    },
    {
      name: 'module-has-a-layer',
      severity: 'error',
      comment: 'Every module under modules/ must be listed in one layer in .dependency-cruiser.cjs.',
      from: { path: `${API}modules/`, pathNot: mod([...CORE, ...CONTENT, ...ENGAGEMENT, ...COMMERCE]) },
      to: {},
    },
    // ── web layers ────────────────────────────────────────────────────────────────────────────
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'src/components and src/lib are shared by every feature: they never import src/features or src/shell.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|shell)/' },
    },
    {
      name: 'web-feature-imports-no-shell',
      severity: 'error',
      comment: 'src/shell (the app shell: header, navigation, side columns) composes features; a feature never imports it.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/shell/' },
    },
    {
      name: 'web-feature-imports-no-other-feature-internals',
      severity: 'warn',
      comment:
        "A feature may use another feature's components (PascalCase .tsx) and hooks (use*.ts), not its helper modules: " +
        'a helper needed by two features belongs in src/lib or src/components.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '/[A-Z][^/]*\\.tsx$', '/use[A-Z][^/]*\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Ambient declaration files (e.g. media/s3rver.d.ts) declare third-party types; they are not modules of ours.
    exclude: { path: ['(^|/)node_modules/', '(^|/)\\.next/', '\\.d\\.ts$'] },
    // Type-only imports count: a type import is still a dependency between layers.
    tsPreCompilationDeps: true,
    // tsconfig.depcruise.json: the web's "@/*" alias (the API and shared use relative imports).
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
