import type { OrderByItem } from '@sluice/core/protocol'

/**
 * `{T}OrderByInput` → core's order items, in the order the client wrote the fields (`written`, from the document or
 * the raw variables); fields given as null are left out.
 */
export function buildOrderBy(
  input: Readonly<Record<string, unknown>>,
  written: readonly string[] | undefined,
): OrderByItem[] {
  const keys = written ?? Object.keys(input)
  const out: OrderByItem[] = []
  for (const field of keys) {
    const direction = input[field]
    if (direction === 'asc' || direction === 'desc') out.push({ field, direction })
  }
  return out
}
