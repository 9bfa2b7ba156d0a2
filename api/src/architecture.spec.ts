import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

/** Top-level module folders of api/src and, for each, the folders its files import from (type-only imports count too). */
function folderGraph(root: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  const folders = readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory());
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : /\.ts$/.test(name) ? [path] : [];
    });
  for (const folder of folders) {
    const edges = new Map<string, string>();
    for (const file of walk(join(root, folder))) {
      for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (!specifier.startsWith('.')) continue;
        const target = relative(root, resolve(dirname(file), specifier)).split(sep)[0];
        if (target !== folder && folders.includes(target) && !edges.has(target))
          edges.set(target, relative(root, file));
      }
    }
    graph.set(folder, edges);
  }
  return graph;
}

/** Every .ts file under a folder of api/src and what it imports: paths relative to api/src, type-only imports too. */
function fileImports(root: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : /\.ts$/.test(name) ? [path] : [];
    });
  for (const folder of readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory()))
    for (const file of walk(join(root, folder)))
      files.set(
        relative(root, file).split(sep).join('/'),
        ts
          .preProcessFile(readFileSync(file, 'utf8'), true, true)
          .importedFiles.map((f) => f.fileName)
          .filter((specifier) => specifier.startsWith('.'))
          .map((specifier) =>
            relative(root, resolve(dirname(file), specifier))
              .split(sep)
              .join('/'),
          ),
      );
  return files;
}

/**
 * Each import of another module's entities ("file → import"): a path through `<other module>/.../entities/`, from a
 * file of a module folder that is not itself an entity (an entity may name another module's in a relation), not under
 * database/ (migrations, seeds) and not a *.spec.ts.
 */
function entityImportViolations(files: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of files) {
    const [own, ...path] = file.split('/');
    if (!path.length || own === 'database' || path.includes('entities') || file.endsWith('.spec.ts')) continue;
    for (const target of targets) {
      const [module, ...rest] = target.split('/');
      if (module !== own && module !== '..' && rest.includes('entities')) found.push(`${file} → ${target}`);
    }
  }
  return found;
}

/** Every cycle of folders, each as the path that closes it ("a → b → a"). */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), node, next].join(' → '));
      else if (!state.has(next)) visit(next, [...path, node]);
    }
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, []);
  return found;
}

describe('module boundaries', () => {
  const graph = folderGraph(__dirname);

  it('reads the module folders', () => {
    expect([...graph.keys()]).toEqual(
      expect.arrayContaining(['auth', 'users', 'attendance', 'mentorship', 'leaves', 'grievances', 'messages']),
    );
  });

  it('has no import cycle between module folders', () => {
    const found = cycles(graph).map((cycle) => {
      const [from, to] = cycle.split(' → ');
      return `${cycle}   (e.g. ${graph.get(from)?.get(to)})`;
    });
    expect(found).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const fake = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['c', 'b/y.ts']])],
      ['c', new Map([['a', 'c/z.ts']])],
    ]);
    expect(cycles(fake)).toEqual(['a → b → c → a']);
  });

  it("no service or query imports another module's entities", () => {
    expect(entityImportViolations(fileImports(__dirname))).toEqual([]);
  });

  it("finds an import of another module's entities when there is one (the check itself works)", () => {
    const fake = new Map([
      ['leaves/leaves.service.ts', ['leaves/entities/leave-request.entity', 'users/entities/mentee-profile.entity']],
      ['leaves/dto/list.dto.ts', ['users/dto/register.dto', 'users/profiles.service']],
      ['messages/chat/query.ts', ['groups/entities/group.entity']],
      // Not covered: entities, database/ and specs.
      ['leaves/entities/leave-request.entity.ts', ['users/entities/mentee-profile.entity']],
      ['database/seed/demo-seed.ts', ['users/entities/user.entity']],
      ['leaves/leaves.service.spec.ts', ['users/entities/user.entity']],
    ]);
    expect(entityImportViolations(fake)).toEqual([
      'leaves/leaves.service.ts → users/entities/mentee-profile.entity',
      'messages/chat/query.ts → groups/entities/group.entity',
    ]);
  });

  it('leaves common and config at the bottom: common imports no folder, config only common', () => {
    expect([...(graph.get('common')?.keys() ?? [])]).toEqual([]);
    expect([...(graph.get('config')?.keys() ?? [])].filter((f) => f !== 'common')).toEqual([]);
  });
});
