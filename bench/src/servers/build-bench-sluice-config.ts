/**
 * The Data API builder config Sluice serves in the benchmark: `Book` over `public.books` and `Author` over
 * `public.authors`, related both ways (book → author, author → books) for the nested GraphQL scenario; anonymous may
 * read both, and create (POST) and update (PATCH of an existing row: the key is generated, so PATCH never inserts) books. `compression` (default:
 * the `SLUICE_BENCH_COMPRESSION` env var) sets `runtime.compression.level` when given.
 */
export function buildBenchSluiceConfig(databaseUrl: string, compression = process.env['SLUICE_BENCH_COMPRESSION']): Record<string, unknown> {
  if (compression !== undefined && compression !== '' && !['none', 'fastest', 'optimal'].includes(compression)) {
    throw new Error(`SLUICE_BENCH_COMPRESSION must be none, fastest or optimal, not ${compression}`)
  }
  return {
    'data-source': { 'database-type': 'postgresql', 'connection-string': databaseUrl },
    runtime: {
      rest: { enabled: true, path: '/api' },
      host: { mode: 'production' },
      // Only the compression variants set a level (SLUICE_BENCH_COMPRESSION); otherwise the key stays absent.
      ...(compression ? { compression: { level: compression } } : {}),
    },
    entities: {
      Book: {
        source: 'public.books',
        permissions: [{ role: 'anonymous', actions: ['create', 'read', 'update'] }],
        relationships: { author: { cardinality: 'one', 'target.entity': 'Author', 'source.fields': ['author_id'], 'target.fields': ['id'] } },
      },
      Author: {
        source: 'public.authors',
        permissions: [{ role: 'anonymous', actions: ['read'] }],
        relationships: { books: { cardinality: 'many', 'target.entity': 'Book', 'source.fields': ['id'], 'target.fields': ['author_id'] } },
      },
    },
  }
}
