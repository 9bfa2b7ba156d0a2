import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * tools/shared-antd.json lists the antd components the shell provides to every remote. A component imported somewhere
 * but missing from the list would be bundled by that app as a second antd (its own style cache and theme context);
 * one listed but imported nowhere would be downloaded for nothing. The list must equal the imports.
 */
const root = join(__dirname, '..', '..');
const FRONT_END = [
  'shell/src',
  'mfe-admin/src',
  'mfe-mentor/src',
  'mfe-mentee/src',
  'mfe-guardian/src',
  'mfe-chat/src',
  'libs',
];

/** `antd/es/<kebab-name>` for each value (not type) imported from 'antd' in the front-end sources, tests left out. */
function importedAntd(): string[] {
  const names = new Set<string>();
  for (const dir of FRONT_END) {
    for (const file of readdirSync(join(root, dir), { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|node_modules|[\\/]dist[\\/]|[\\/]testing[\\/]/.test(file)) continue;
      const source = ts.createSourceFile(file, readFileSync(join(root, dir, file), 'utf8'), ts.ScriptTarget.Latest);
      for (const stmt of source.statements) {
        if (!ts.isImportDeclaration(stmt) || (stmt.moduleSpecifier as ts.StringLiteral).text !== 'antd') continue;
        const bindings = stmt.importClause?.namedBindings;
        if (stmt.importClause?.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) continue;
        for (const el of bindings.elements) if (!el.isTypeOnly) names.add((el.propertyName ?? el.name).text);
      }
    }
  }
  return [...names].map((n) => `antd/es/${n.replace(/(?<=[a-z])([A-Z])/g, '-$1').toLowerCase()}`).sort();
}

it('the shared antd list is exactly the antd components the front-end imports', () => {
  const listed: string[] = JSON.parse(readFileSync(join(root, 'tools/shared-antd.json'), 'utf8'));
  const imported = importedAntd();
  expect({
    missing: imported.filter((m) => !listed.includes(m)),
    unused: listed.filter((m) => !imported.includes(m)),
  }).toEqual({
    missing: [],
    unused: [],
  });
  expect(listed).toEqual([...listed].sort());
});
