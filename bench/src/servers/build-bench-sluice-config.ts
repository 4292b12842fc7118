/**
 * The Data API builder config Sluice serves in the benchmark: `Book` over `public.books`; anonymous may read, create
 * (POST) and update (PATCH of an existing row: the key is generated, so PATCH never inserts).
 */
export function buildBenchSluiceConfig(databaseUrl: string): Record<string, unknown> {
  return {
    'data-source': { 'database-type': 'postgresql', 'connection-string': databaseUrl },
    runtime: {
      rest: { enabled: true, path: '/api' },
      host: { mode: 'production' },
    },
    entities: {
      Book: {
        source: 'public.books',
        permissions: [{ role: 'anonymous', actions: ['create', 'read', 'update'] }],
      },
    },
  }
}
