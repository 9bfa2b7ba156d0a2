const english = new Intl.PluralRules('en');

/** A count with its noun in the right number: countOf(1, 'like') is "1 like", countOf(2, 'reply', 'replies') "2 replies". */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${n} ${english.select(n) === 'one' ? one : other}`;
}
