import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';

/**
 * Every catalogue in both languages with the same keys and placeholders, every literal key a screen asks for present,
 * and no user-facing English left in the screens' source (JSX text, the attributes and properties that people read,
 * notices) outside the catalogues.
 */
const root = join(__dirname, '../../../..');
const FRONT_END = [
  'shell/src',
  'mfe-admin/src',
  'mfe-mentor/src',
  'mfe-mentee/src',
  'mfe-guardian/src',
  'mfe-chat/src',
];
// The contracts are shared with the API (CSV column notes there are the template's): not screens.
for (const lib of readdirSync(join(root, 'libs'))) if (lib !== 'contracts') FRONT_END.push(`libs/${lib}/src`);

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : [...flatten(v, `${prefix}${k}.`)],
    ),
  );
const read = (file: string): Map<string, string> => flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);
const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]).sort();

/** An area's English: `i18n/en.json`, or one file per section in `i18n/en/` (named as the section) for an area whose
 * pages each bring their own texts. */
function readEnglish(src: string): Map<string, string> {
  const sections = join(root, src, 'i18n/en');
  if (!existsSync(sections)) return read(join(root, src, 'i18n/en.json'));
  const tree: Tree = {};
  for (const file of readdirSync(sections).filter((f) => f.endsWith('.json')))
    tree[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(sections, file), 'utf8')) as Tree;
  return flatten(tree);
}

/** The catalogue of each front-end source folder (`<src>/i18n/en.json` or `en/`, and `hi.json`). */
const catalogues = FRONT_END.filter((src) => existsSync(join(root, src, 'i18n/hi.json'))).map((src) => ({
  src,
  en: readEnglish(src),
  hi: read(join(root, src, 'i18n/hi.json')),
}));
const common = catalogues.find((c) => c.src === 'libs/web-core/src')!;

function sources(src: string): { file: string; source: ts.SourceFile }[] {
  const dir = join(root, src);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|(^|[\\/])testing[\\/]/.test(f))
    .map((f) => ({
      file: `${src}/${f.split(sep).join('/')}`,
      source: ts.createSourceFile(
        f,
        readFileSync(join(dir, f), 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      ),
    }));
}

function visit(node: ts.Node, fn: (n: ts.Node) => void) {
  fn(node);
  node.forEachChild((c) => visit(c, fn));
}

// Words people read: at least two letters in a row (a lone "M" logo or "·" is not a text).
const WORDS = /[A-Za-z]{2}/;
/** Attributes and object properties whose string is shown or read out. */
const SHOWN = new Set([
  'title',
  'label',
  'placeholder',
  'aria-label',
  'alt',
  'okText',
  'cancelText',
  'description',
  'subtitle',
  'tooltip',
  'content',
  'message',
  'emptyText',
  'extra',
  'addonBefore',
  'addonAfter',
  'checkedChildren',
  'unCheckedChildren',
  'help',
]);
const NOTICES = /^(notify|message)\.(success|error|info|warning|open)$/;

function untranslated({ file, source }: { file: string; source: ts.SourceFile }): string[] {
  const found: string[] = [];
  const at = (n: ts.Node, text: string) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${JSON.stringify(text.trim())}`);
  visit(source, (n) => {
    if (ts.isJsxText(n) && WORDS.test(n.text)) at(n, n.text);
    if (ts.isJsxAttribute(n) && SHOWN.has(n.name.getText()) && n.initializer) {
      const init = n.initializer;
      const value = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : undefined;
      if (value && WORDS.test(value.text)) at(n, value.text);
    }
    if (
      ts.isPropertyAssignment(n) &&
      SHOWN.has(n.name.getText().replace(/['"]/g, '')) &&
      ts.isStringLiteralLike(n.initializer) &&
      WORDS.test(n.initializer.text) &&
      // A route manifest's menu label is a key of its remote's catalogue, not a text.
      !/route(s|Manifest)/.test(file)
    )
      at(n, n.initializer.text);
    if (ts.isCallExpression(n) && NOTICES.test(n.expression.getText())) {
      for (const arg of n.arguments) if (ts.isStringLiteralLike(arg) && WORDS.test(arg.text)) at(arg, arg.text);
    }
    if (ts.isCallExpression(n) && n.expression.getText() === 'errorMessage') {
      const fallback = n.arguments[1];
      if (fallback && ts.isStringLiteralLike(fallback) && WORDS.test(fallback.text)) at(fallback, fallback.text);
    }
  });
  return found;
}

// @ant-design/icons name each icon in English (role img, aria-label "save", "bell"): read out beside the Hindi text.
const ICON = /^[A-Z]\w*(Outlined|Filled|TwoTone)$/;

/**
 * Icons that a screen reader would read by antd's English name: neither hidden (aria-hidden) nor named (aria-label),
 * and confirmations left with antd's own icon (Popconfirm without `icon`).
 */
function namedInEnglish({ file, source }: { file: string; source: ts.SourceFile }): string[] {
  const found: string[] = [];
  visit(source, (n) => {
    if ((ts.isJsxSelfClosingElement(n) || ts.isJsxOpeningElement(n)) && ICON.test(n.tagName.getText())) {
      const names = n.attributes.properties.map((a) => (ts.isJsxAttribute(a) ? a.name.getText() : '{...}'));
      if (!names.some((a) => a === 'aria-hidden' || a === 'aria-label' || a === '{...}'))
        found.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1} <${n.tagName.getText()}>`);
    }
    if (ts.isJsxOpeningLikeElement(n) && n.tagName.getText() === 'Popconfirm') {
      const names = n.attributes.properties.map((a) => (ts.isJsxAttribute(a) ? a.name.getText() : '{...}'));
      if (!names.includes('icon') && !names.includes('{...}'))
        found.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1} <Popconfirm> without icon`);
    }
  });
  return found;
}

/** `t('key')`, `t("ns:key")` and `i18nKey="key"` with a literal key. */
function literalKeys(source: ts.SourceFile): string[] {
  const keys: string[] = [];
  visit(source, (n) => {
    if (ts.isCallExpression(n) && /^(t|i18n\.t)$/.test(n.expression.getText())) {
      const [key] = n.arguments;
      if (key && ts.isStringLiteralLike(key)) keys.push(key.text);
    }
    if (ts.isJsxAttribute(n) && n.name.getText() === 'i18nKey' && n.initializer && ts.isStringLiteral(n.initializer))
      keys.push(n.initializer.text);
  });
  return keys;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('message catalogues', () => {
  it('exist for the core and every area', () => {
    expect(common).toBeDefined();
    expect(catalogues.length).toBeGreaterThan(1);
  });

  it.each(catalogues.map((c) => [c.src, c]))('%s: Hindi has every English key and nothing else', (_src, c) => {
    expect([...c.hi.keys()].sort()).toEqual([...c.en.keys()].sort());
  });

  it.each(catalogues.map((c) => [c.src, c]))('%s: no empty text, the same placeholders', (_src, c) => {
    const problems: string[] = [];
    for (const [key, english] of c.en) {
      const hindi = c.hi.get(key) ?? '';
      if (!english.trim() || !hindi.trim()) problems.push(`${key}: empty`);
      if (placeholders(english).join() !== placeholders(hindi).join()) problems.push(`${key}: placeholders differ`);
    }
    expect(problems).toEqual([]);
  });

  it('every literal key the screens use is in their catalogue', () => {
    const missing: string[] = [];
    for (const src of FRONT_END) {
      const own = catalogues.find((c) => c.src === src);
      for (const { file, source } of sources(src)) {
        for (const key of literalKeys(source)) {
          const [catalogue, name] = key.startsWith('common:') ? [common, key.slice(7)] : [own, key];
          const known = catalogue && (catalogue.en.has(name) || catalogue.en.has(`${name}_other`));
          if (!known && !PLURAL.test(name)) missing.push(`${file}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('no user-facing English outside the catalogues', () => {
    const found = FRONT_END.flatMap((src) => sources(src).flatMap(untranslated));
    expect(found).toEqual([]);
  });

  it('no icon read out by its English name: each is hidden (the control names itself) or named from a catalogue', () => {
    const found = FRONT_END.flatMap((src) => sources(src).flatMap(namedInEnglish));
    expect(found).toEqual([]);
  });
});
