export interface RowComparison {
  /** Empty when the rows are the same. */
  readonly mismatches: readonly string[]
  /** Same values written differently (e.g. numeric as a JSON string vs a JSON number), one note per field. */
  readonly representationNotes: readonly string[]
}

/**
 * Compares rows field by field and in order. A numeric string and a number with the same value count as equal
 * (pg returns numeric as a string; PostgreSQL's JSON writes a number), but are noted.
 */
export function compareRows(expected: readonly unknown[], actual: readonly unknown[]): RowComparison {
  const mismatches: string[] = []
  const notes = new Map<string, string>()
  if (expected.length !== actual.length) mismatches.push(`expected ${expected.length} rows, got ${actual.length}`)
  const count = Math.min(expected.length, actual.length)
  for (let i = 0; i < count && mismatches.length < 5; i++) {
    const want = expected[i] as Record<string, unknown>
    const got = actual[i] as Record<string, unknown>
    const wantKeys = Object.keys(want).sort().join(',')
    const gotKeys = Object.keys(got ?? {})
      .sort()
      .join(',')
    if (wantKeys !== gotKeys) {
      mismatches.push(`row ${i}: expected fields [${wantKeys}], got [${gotKeys}]`)
      continue
    }
    for (const field of Object.keys(want)) {
      const a = want[field]
      const b = got[field]
      if (Object.is(a, b)) continue
      // Embedded records and lists ($expand): equal when their JSON is, whatever the key order.
      if (
        typeof a === 'object' &&
        a !== null &&
        typeof b === 'object' &&
        b !== null &&
        canonicalJson(a) === canonicalJson(b)
      )
        continue
      if (sameNumber(a, b)) {
        if (!notes.has(field))
          notes.set(field, `${field}: ${JSON.stringify(a)} (${typeof a}) vs ${JSON.stringify(b)} (${typeof b})`)
        continue
      }
      mismatches.push(
        `row ${i} (${JSON.stringify(want['id'])}) field ${field}: expected ${JSON.stringify(a)}, got ${JSON.stringify(b)}`,
      )
    }
  }
  return { mismatches, representationNotes: [...notes.values()] }
}

/** JSON with object keys sorted, so two embeddings written in different key orders compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        )
      : v,
  )
}

function sameNumber(a: unknown, b: unknown): boolean {
  const asNumber = (v: unknown): number =>
    typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
  if (typeof a === typeof b) return false
  const x = asNumber(a)
  return !Number.isNaN(x) && x === asNumber(b)
}
