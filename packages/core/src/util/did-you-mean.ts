/** Returns up to `max` candidates close to `input` (case-insensitive edit distance), best first, for error hints. */
export function suggestSimilar(input: string, candidates: Iterable<string>, max = 3): string[] {
  const needle = input.toLowerCase()
  const threshold = Math.max(1, Math.floor(needle.length / 3))
  const scored: { name: string; d: number }[] = []
  for (const name of candidates) {
    const d = editDistance(needle, name.toLowerCase())
    if (d <= threshold || name.toLowerCase() === needle) scored.push({ name, d })
  }
  return scored.sort((a, b) => a.d - b.d || a.name.localeCompare(b.name)).slice(0, max).map((s) => s.name)
}

/** Formats `suggestSimilar` output as a sentence suffix: ` Did you mean 'a' or 'b'?` (empty when nothing is close). */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const hits = suggestSimilar(input, candidates)
  if (hits.length === 0) return ''
  const quoted = hits.map((h) => `'${h}'`)
  return ` Did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}?`
}

function editDistance(a: string, b: string): number {
  if (a === b) return 0
  const prev = new Array<number>(b.length + 1)
  for (let j = 0; j <= b.length; j++) prev[j] = j
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!
    prev[0] = i
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1))
      diag = up
    }
  }
  return prev[b.length]!
}
