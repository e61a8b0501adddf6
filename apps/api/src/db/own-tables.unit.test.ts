import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * "A module writes only its own tables" (ARCHITECTURE.md, Layers): every `.insert(t)`,
 * `.update(t)` and `.delete(t)` in apps/api/src/modules whose table `t` is imported from ANOTHER
 * module's `*.tables.ts` is an offender. Reads and joins on other modules' tables are fine.
 * (It sits in db/ because it is about the whole schema's ownership, not one module.)
 */
const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');

/** The one allowed exception, with its reason (written up in ledger/README.md). */
const ALLOWED: Array<{ file: string; table: string; reason: string }> = [
  {
    file: 'ledger/ledger.earning-rows.ts',
    table: 'earnings',
    reason: 'insertEarning: the one insert of an earnings row (sales, refunds, disputes, referral shares), with its earning.recorded event, in the same transaction as the ledger movement it mirrors (ledger/README.md)',
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

const moduleOf = (file: string) => path.relative(MODULES, file).split(path.sep)[0]!;

interface Offence {
  file: string;
  line: number;
  op: string;
  table: string;
  from: string;
}

/** The cross-module writes in one file's text (`file` is its path under modules/). */
function crossModuleWrites(file: string, text: string): Offence[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const own = moduleOf(path.join(MODULES, file));
  // Local name → the other module whose tables file it comes from.
  const foreign = new Map<string, string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const spec = st.moduleSpecifier.text;
    if (!spec.startsWith('.') || !/\.tables(\.ts)?$/.test(spec)) continue;
    const target = path.resolve(path.dirname(path.join(MODULES, file)), spec);
    if (!target.startsWith(MODULES + path.sep)) continue;
    const mod = moduleOf(target);
    if (mod === own) continue;
    const named = st.importClause?.namedBindings;
    if (named && ts.isNamedImports(named)) for (const el of named.elements) if (!el.isTypeOnly) foreign.set(el.name.text, mod);
    if (named && ts.isNamespaceImport(named)) foreign.set(named.name.text + '.*', mod);
  }
  const out: Offence[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const op = node.expression.name.text;
      const arg = node.arguments[0];
      if ((op === 'insert' || op === 'update' || op === 'delete') && arg) {
        let from: string | undefined;
        let table = arg.getText(sf);
        if (ts.isIdentifier(arg)) from = foreign.get(arg.text);
        else if (ts.isPropertyAccessExpression(arg) && ts.isIdentifier(arg.expression)) from = foreign.get(arg.expression.text + '.*');
        if (from) {
          table = table.replace(/^.*\./, '');
          out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, op, table, from });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('a module writes only its own tables', () => {
  it('finds a write to another module\'s table (the scanner works)', () => {
    const text = `import { users } from '../users/users.tables';\nimport { own } from './x.tables';\nexport const f = (tx: any) => { tx.update(users).set({}); tx.insert(own).values({}); };`;
    expect(crossModuleWrites('feeds/x.ts', text)).toEqual([{ file: 'feeds/x.ts', line: 3, op: 'update', table: 'users', from: 'users' }]);
  });

  it('no module writes another module\'s tables (except the allow-listed ledger → earnings)', () => {
    const offences = sourceFiles(MODULES)
      .flatMap((f) => crossModuleWrites(path.relative(MODULES, f), readFileSync(f, 'utf8')))
      .filter((o) => !ALLOWED.some((a) => a.file === o.file && a.table === o.table));
    const listed = offences.map((o) => `${o.file}:${o.line} ${o.op}(${o.table}) — a table of the ${o.from} module`);
    expect(listed, `Route these through the owning module's service (with the caller's tx):\n${listed.join('\n')}`).toEqual([]);
    // It reads and scans every module file: seconds on a busy machine, past the 5 s default.
  }, 60_000);
});
