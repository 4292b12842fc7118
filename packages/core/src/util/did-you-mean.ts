/** Returns up to `max` candidates close to `input` (case-insensitive edit distance), best first, for error hints. */
export function suggestSimilar(input: string, candidates: Iterable<string>, max = 3): string[] {
  const needle = input.toLowerCase()
  const threshold = Math.max(1, Math.floor(needle.length / 3))
  const scored: { name: string; d: number }[] = []
  for (const name of candidates) {
    const d = editDistance(needle, name.toLowerCase())
    if (d <= threshold || name.toLowerCase() === needle) scored.push({ name, d })
  }
  return scored
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((s) => s.name)
}

/** Formats `suggestSimilar` output as a sentence suffix: ` Did you mean 'a' or 'b'?` (empty when nothing is close). */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const hits = suggestSimilar(input, candidates)
  if (hits.length === 0) return ''
  const quoted = hits.map((h) => `'${h}'`)
  return ` Did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}?`
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1. */
function editDistance(a: string, b: string): number {
  if (a === b) return 0
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  }
  return d[a.length]![b.length]!
}
