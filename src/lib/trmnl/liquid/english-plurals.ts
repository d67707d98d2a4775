/**
 * English plurals as Rails makes them (TRMNL's `pluralize` runs Rails' inflector): the irregular words, the
 * words without a plural, then suffix rules, the first that matches.
 */

const IRREGULAR = new Map([
  ['person', 'people'],
  ['man', 'men'],
  ['child', 'children'],
  ['sex', 'sexes'],
  ['move', 'moves'],
  ['zombie', 'zombies'],
]);
const IRREGULAR_PLURALS = new Set(IRREGULAR.values());
const UNCOUNTABLE = new Set([
  'equipment',
  'information',
  'rice',
  'money',
  'species',
  'series',
  'fish',
  'sheep',
  'jeans',
  'police',
]);

/** [ending, replacement]: `$1`… are the ending's groups. */
const SUFFIXES: [RegExp, string][] = [
  [/(quiz)$/i, '$1zes'],
  [/^(oxen)$/i, '$1'],
  [/^(ox)$/i, '$1en'],
  [/^(m|l)ice$/i, '$1ice'],
  [/^(m|l)ouse$/i, '$1ice'],
  [/(matr|vert|ind)(?:ix|ex)$/i, '$1ices'],
  [/(x|ch|ss|sh)$/i, '$1es'],
  [/([^aeiouy]|qu)y$/i, '$1ies'],
  [/(hive)$/i, '$1s'],
  [/(?:([^f])fe|([lr])f)$/i, '$1$2ves'],
  [/sis$/i, 'ses'],
  [/([ti])a$/i, '$1a'],
  [/([ti])um$/i, '$1a'],
  [/(buffal|tomat)o$/i, '$1oes'],
  [/(bu)s$/i, '$1ses'],
  [/(alias|status)$/i, '$1es'],
  [/(octop|vir)i$/i, '$1i'],
  [/(octop|vir)us$/i, '$1i'],
  [/^(ax|test)is$/i, '$1es'],
  [/s$/i, 's'],
];

/** The plural of an English word ("octopus" gives "octopi", "person" "people"), its first letter's case kept. */
export function englishPlural(word: string): string {
  const lower = word.toLowerCase();
  const lastWord = /[a-z]+$/i.exec(lower)?.[0] ?? lower;
  if (word === '' || UNCOUNTABLE.has(lastWord) || IRREGULAR_PLURALS.has(lastWord)) return word;
  const irregular = IRREGULAR.get(lastWord);
  if (irregular) {
    const start = word.length - lastWord.length;
    const cased =
      word[start] === word[start].toUpperCase() ? irregular[0].toUpperCase() + irregular.slice(1) : irregular;
    return word.slice(0, start) + cased;
  }
  for (const [ending, replacement] of SUFFIXES) {
    if (ending.test(word)) return word.replace(ending, replacement);
  }
  return `${word}s`;
}
