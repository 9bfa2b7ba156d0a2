/**
 * The contracts' version, as in libs/contracts/package.json (shell/src/contractsVersion.test.ts keeps the two equal,
 * and fails when a contract changes without a new version). Each remote's version.json carries the version it was
 * built with; the shell loads only remotes whose contracts it can talk to (contractsCompatible).
 */
export const CONTRACTS_VERSION = '0.8.0';

/**
 * Whether code built against contracts `a` and code built against `b` understand each other: the same major version,
 * and while the major is 0 (anything may change), the same minor too.
 */
export function contractsCompatible(a: string, b: string): boolean {
  const parse = (v: string) => /^(\d+)\.(\d+)\.\d+/.exec(v)?.slice(1, 3).map(Number);
  const [x, y] = [parse(a), parse(b)];
  if (!x || !y) return false;
  return x[0] === y[0] && (x[0] !== 0 || x[1] === y[1]);
}
