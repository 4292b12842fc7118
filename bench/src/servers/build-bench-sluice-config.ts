import { JWT_AUDIENCE, JWT_ISSUER, JWT_KEY, JWT_ROLE } from './bench-jwt.js'
import { POLICY } from './book-queries.js'

/**
 * The Data API builder config Sluice serves in the benchmark: `Book` over `public.books` and `Author` over
 * `public.authors`, related both ways (book → author, author → books) for the nested GraphQL scenario, and the
 * `$expand` scenarios' `CatalogBook` (→ `CatalogPublisher`, → `Author` through `catalog_book_authors`); anonymous may
 * read both, and create (POST) and update (PATCH of an existing row: the key is generated, so PATCH never inserts)
 * books; `BooksByAuthor` is the stored procedure `books_by_author`; the JWT role `reader` reads books under a row
 * policy without `isbn`. `compression` (default:
 * the `SLUICE_BENCH_COMPRESSION` env var) sets `runtime.compression.level` when given; `cache` (default:
 * `SLUICE_BENCH_CACHE=1`) turns the response cache on.
 */
export function buildBenchSluiceConfig(
  databaseUrl: string,
  compression = process.env['SLUICE_BENCH_COMPRESSION'],
  cache = process.env['SLUICE_BENCH_CACHE'] === '1',
): Record<string, unknown> {
  if (compression !== undefined && compression !== '' && !['none', 'fastest', 'optimal'].includes(compression)) {
    throw new Error(`SLUICE_BENCH_COMPRESSION must be none, fastest or optimal, not ${compression}`)
  }
  return {
    'data-source': { 'database-type': 'postgresql', 'connection-string': databaseUrl },
    runtime: {
      rest: { enabled: true, path: '/api' },
      // The `list-jwt` scenario's tokens; requests without one stay anonymous.
      host: {
        mode: 'production',
        authentication: { provider: 'Custom', jwt: { audience: JWT_AUDIENCE, issuer: JWT_ISSUER, key: JWT_KEY } },
      },
      // Only the compression variants set a level (SLUICE_BENCH_COMPRESSION); otherwise the key stays absent.
      ...(compression ? { compression: { level: compression } } : {}),
      // The cached variant (SLUICE_BENCH_CACHE=1): level 1 only, a TTL longer than a measured run, so the load
      // measures answers from the cache (the check request and the warm-up fill it).
      ...(cache ? { cache: { enabled: true, 'ttl-seconds': 60 } } : {}),
    },
    entities: {
      Book: {
        source: 'public.books',
        permissions: [
          { role: 'anonymous', actions: ['create', 'read', 'update'] },
          // `list-jwt`: a row policy and a field exclusion, the path where peers differ most.
          {
            role: JWT_ROLE,
            actions: [
              {
                action: 'read',
                fields: { include: ['*'], exclude: [POLICY.excluded] },
                policy: { database: `@item.year ge ${POLICY.minYear}` },
              },
            ],
          },
        ],
        relationships: {
          author: {
            cardinality: 'one',
            'target.entity': 'Author',
            'source.fields': ['author_id'],
            'target.fields': ['id'],
          },
        },
      },
      BooksByAuthor: {
        source: {
          object: 'public.books_by_author',
          type: 'stored-procedure',
          parameters: [{ name: 'author', required: true }],
        },
        permissions: [{ role: 'anonymous', actions: ['execute'] }],
        rest: { methods: ['get'] },
        graphql: { enabled: false },
      },
      Author: {
        source: 'public.authors',
        permissions: [{ role: 'anonymous', actions: ['read'] }],
        relationships: {
          books: {
            cardinality: 'many',
            'target.entity': 'Book',
            'source.fields': ['id'],
            'target.fields': ['author_id'],
          },
        },
      },
      // The `$expand` scenarios: catalog books with a publisher (one) and authors (many, through the linking table).
      CatalogBook: {
        source: 'public.catalog_books',
        graphql: { type: { singular: 'catalogBook', plural: 'catalogBooks' } },
        permissions: [{ role: 'anonymous', actions: ['read'] }],
        relationships: {
          publisher: {
            cardinality: 'one',
            'target.entity': 'CatalogPublisher',
            'source.fields': ['publisher_id'],
            'target.fields': ['id'],
          },
          authors: {
            cardinality: 'many',
            'target.entity': 'Author',
            'linking.object': 'public.catalog_book_authors',
            'linking.source.fields': ['book_id'],
            'linking.target.fields': ['author_id'],
          },
        },
      },
      CatalogPublisher: {
        source: 'public.catalog_publishers',
        permissions: [{ role: 'anonymous', actions: ['read'] }],
      },
    },
  }
}
