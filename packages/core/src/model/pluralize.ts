/** Irregular English plurals Humanizer knows and entity names plausibly use (lower-case singular → plural). */
const IRREGULAR: Readonly<Record<string, string>> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  mouse: 'mice',
  goose: 'geese',
  foot: 'feet',
  tooth: 'teeth',
  ox: 'oxen',
  datum: 'data',
  medium: 'media',
  index: 'indices',
  matrix: 'matrices',
  vertex: 'vertices',
  criterion: 'criteria',
  analysis: 'analyses',
  status: 'statuses',
  quiz: 'quizzes',
}
/** Words whose plural is the word itself. */
const UNCOUNTABLE: ReadonlySet<string> = new Set([
  'equipment',
  'information',
  'rice',
  'money',
  'species',
  'series',
  'fish',
  'sheep',
  'deer',
  'news',
  'data',
  'metadata',
])

/**
 * English plural of a type name, the way Data API builder's default (Humanizer) forms it for the common cases: the
 * last word of a PascalCase or snake_case name is pluralized and its case kept (`BookAuthor` → `BookAuthors`,
 * `Category` → `Categories`, `Person` → `People`). Unusual words can always be named with `graphql.type.plural`.
 */
export function pluralize(singular: string): string {
  const match = /([A-Z]?[a-z]+|[A-Z]+|[0-9]+)$/.exec(singular)
  if (match === null) return `${singular}s`
  const word = match[1] as string
  const head = singular.slice(0, singular.length - word.length)
  // An upper-case suffix of a mixed-case name is an abbreviation: Humanizer adds a lower-case s (`PublisherNF` → `PublisherNFs`).
  if (/^[A-Z]+$/.test(word) && head !== '' && head !== head.toUpperCase()) return `${singular}s`
  return head + pluralizeWord(word)
}

function pluralizeWord(word: string): string {
  const lower = word.toLowerCase()
  if (/^[0-9]+$/.test(word)) return `${word}s`
  if (UNCOUNTABLE.has(lower)) return word
  const irregular = IRREGULAR[lower]
  if (irregular !== undefined) return keepCase(word, irregular)
  if (/[^aeiou]y$/i.test(word)) return keepCase(word, `${lower.slice(0, -1)}ies`)
  // Humanizer leaves a word ending in a single s as it is (`Sales`, `Bookmarks`), except -us and -is words.
  if (/[^s]s$/i.test(word) && !/(us|is)$/i.test(word)) return word
  if (/(s|x|z|ch|sh)$/i.test(word)) return keepCase(word, `${lower}es`)
  if (/[^aeiou]o$/i.test(word) && !/(photo|piano|memo|logo|video|radio|zero)$/i.test(word))
    return keepCase(word, `${lower}es`)
  return keepCase(word, `${lower}s`)
}

/** Gives `plural` the casing of `word`: all upper, capitalized, or lower. */
function keepCase(word: string, plural: string): string {
  if (word.length > 1 && word === word.toUpperCase()) return plural.toUpperCase()
  if (word[0] !== undefined && word[0] === word[0].toUpperCase()) return plural[0]!.toUpperCase() + plural.slice(1)
  return plural
}
