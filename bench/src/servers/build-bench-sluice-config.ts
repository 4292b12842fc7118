/** The Data API builder config Sluice serves in the benchmark: `Book` over `public.books`, anonymous read. */
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
        permissions: [{ role: 'anonymous', actions: ['read'] }],
      },
    },
  }
}
