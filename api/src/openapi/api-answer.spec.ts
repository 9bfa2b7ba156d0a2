import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

const root = join(__dirname, '..');

function controllers(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? controllers(path) : name.endsWith('.controller.ts') ? [path] : [];
  });
}

/** `Promise<Json<X>>` → `X`: what the route answers, as its handler declares it. */
function answered(type: ts.TypeNode | undefined, source: ts.SourceFile): string {
  let text = type?.getText(source).replace(/\s+/g, ' ') ?? '';
  for (const wrapper of ['Promise', 'Json']) text = text.replace(new RegExp(`^${wrapper}<(.*)>$`), '$1');
  // A route that answers some requests from the read cache (kept JSON) and others fresh declares both: `Json<X> | X`.
  const both = /^Json<(.*)> \| (.*)$/.exec(text);
  if (both && both[1] === both[2]) text = both[1];
  // A list answered as an array (common/array-page.ts): its rows are the body, its total a header; kept or not.
  return text.replace(/^(?:ArrayPage|KeptPage)<(.*)>$/, '$1[]');
}

/** The type @ApiAnswer names, written as the handler would declare it; undefined where it cannot say (a schema). */
function named(arg: ts.Expression): string | undefined {
  if (ts.isStringLiteral(arg)) return arg.text;
  if (ts.isArrayLiteralExpression(arg) && ts.isStringLiteral(arg.elements[0])) return `${arg.elements[0].text}[]`;
  if (arg.kind === ts.SyntaxKind.NullKeyword) return 'void';
  if (ts.isObjectLiteralExpression(arg) && arg.properties.some((p) => p.name?.getText() === 'file')) return 'file';
  return undefined;
}

describe('@ApiAnswer', () => {
  it('names the type each route handler declares it answers (so the reference cannot drift from the code)', () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const file of controllers(root)) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isMethodDeclaration(node)) {
          for (const decorator of ts.getDecorators(node) ?? []) {
            const call = decorator.expression;
            if (!ts.isCallExpression(call) || call.expression.getText(source) !== 'ApiAnswer') continue;
            const doc = named(call.arguments[0]);
            const code = answered(node.type, source);
            checked++;
            // Downloads are written to the reply (void), or returned as text or bytes.
            const ok =
              doc === undefined || doc === code || (doc === 'file' && ['string', 'void', 'Buffer'].includes(code));
            // Without @AnswersArrayPage an ArrayPage would go out as it is ({ rows, total }), not as the array.
            const unwrapped = ts
              .getDecorators(node)!
              .some((d) => d.expression.getText(source) === 'AnswersArrayPage()');
            if (/^Promise<(ArrayPage|KeptPage)</.test(node.type?.getText(source) ?? '') && !unwrapped)
              mismatches.push(
                `${relative(root, file)} ${node.name.getText(source)}: ArrayPage without @AnswersArrayPage`,
              );
            if (!ok)
              mismatches.push(
                `${relative(root, file)} ${node.name.getText(source)}: @ApiAnswer ${doc}, returns ${code}`,
              );
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(checked).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
  });
});
