/**
 * Splits ordered rows into the pages a client sees when it follows `nextLink`: pages of `pageSize`, the last one
 * possibly shorter; an empty collection is one empty page. A page is followed by another exactly when rows remain.
 */
export function paginateRows<T>(rows: readonly T[], pageSize: number): T[][] {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1)
    throw new Error(`page size must be a positive integer, not ${pageSize}`)
  const pages: T[][] = []
  for (let i = 0; i < rows.length; i += pageSize) pages.push(rows.slice(i, i + pageSize))
  return pages.length === 0 ? [[]] : pages
}
