// No import cycle between API modules (apps/api/src/modules/<name>/), type-only imports counted —
// checked by `npm run lint:layers` after the file rules of .dependency-cruiser.cjs.
//
// The file rule `no-circular` only sees cycles between files; a cycle between modules goes through
// different files (users.service → auth.service, auth.service → users/user-accounts), so this run
// cruises the modules alone and checks the graph of their folders (`scope: 'folder'`).
// Left out of that graph, as in the layer rules: tests, the schema layer (*.tables.ts: any module
// may reference another's tables for keys and joins) and the leaf rules (LEAF_RULES of
// .dependency-cruiser.cjs: they import only the schema layer, so they cannot close a cycle).
// Anything else counts, `import type` included: a module that needs something of a module above
// it names it in a narrow interface of its own that the composition root fills (apps/api/README.md
// "Layers in lint").

const base = require('./.dependency-cruiser.cjs');

const leafRules = base.forbidden.find((rule) => rule.name === 'leaf-rule-imports-only-schema').from.path;
const MODULE = '^apps/api/src/modules/[^/]+';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-between-modules',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two API modules import each other (type imports count): the lower one declares the narrow interface it needs ' +
        '(or the piece moves to its owner, packages/shared or a leaf) and the composition root wires it.',
      from: { path: MODULE },
      to: { path: MODULE, circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: '^apps/api/src/modules/',
    exclude: { path: [...base.options.exclude.path, '\\.test\\.ts$', '\\.fixtures\\.ts$', '\\.tables\\.ts$', ...leafRules] },
  },
};
