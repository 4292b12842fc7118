import fc from 'fast-check'

/**
 * Random permissions and requests on the library sample for the response cache's property test: roles with random
 * field access and row policies over JWT claims, and reads (REST and GraphQL, nested and filtered on related
 * entities) and writes a random caller sends. Key fields always stay readable, so cursors are signed (the same for
 * the same values) rather than sealed (random per request) and answers can be compared byte for byte.
 */
export const ROLES = ['anonymous', 'authenticated', 'reader', 'branch'] as const
export type Role = (typeof ROLES)[number]

const BOOK_FIELDS = ['title', 'publisher_id', 'publishedOn', 'price', 'pages', 'inPrint', 'isbn'] as const
const PUBLISHER_FIELDS = ['name', 'country'] as const
const BOOK_POLICIES = [
  '@item.publisher_id eq @claims.pub',
  '@item.pages gt @claims.minpages',
  '@item.price lt @claims.maxprice',
] as const
const PUBLISHER_POLICIES = ['@item.country eq @claims.country', '@item.id le @claims.pub'] as const

type Json = Record<string, unknown>

/** One role's `read` on one entity: fields (include `*` or a list, exclusions) and an optional row policy. */
function readAction(fields: readonly string[], policies: readonly string[]): fc.Arbitrary<Json> {
  return fc
    .record({
      include: fc.option(fc.subarray([...fields]), { nil: undefined, freq: 2 }),
      exclude: fc.oneof(fc.constant<string[]>([]), fc.subarray([...fields], { maxLength: 1 })),
      policy: fc.option(fc.constantFrom(...policies), { nil: undefined }),
    })
    .map(({ include, exclude, policy }) => {
      // A policy's field must be readable (Data API builder refuses it otherwise).
      const policyField = policy === undefined ? undefined : /@item\.(\w+)/.exec(policy)![1]!
      const excluded = exclude.filter((f) => f !== policyField)
      const included =
        include === undefined
          ? ['*']
          : [
              'id',
              ...new Set([...include, ...(policyField === undefined || policyField === 'id' ? [] : [policyField])]),
            ]
      return {
        action: 'read',
        fields: { include: included, exclude: excluded },
        ...(policy === undefined ? {} : { policy: { database: policy } }),
      }
    })
}

function entityPermissions(fields: readonly string[], policies: readonly string[]): fc.Arbitrary<Json[]> {
  return fc
    .tuple(
      ...ROLES.map((role) =>
        fc.option(readAction(fields, policies), { nil: undefined, freq: 4 }).map((read) => ({ role, read })),
      ),
    )
    .map((entries) =>
      entries.flatMap(({ role, read }) => {
        // `authenticated` always writes (the property's writes go through it); its reads are as random as the others'.
        // Anonymous callers have no token, so no claims: a claims policy would only ever refuse them.
        const readable = read === undefined ? undefined : role === 'anonymous' ? withoutPolicy(read) : read
        const actions = [
          ...(readable === undefined ? [] : [readable]),
          ...(role === 'authenticated' ? ['update', 'create'] : []),
        ]
        return actions.length === 0 ? [] : [{ role, actions }]
      }),
    )
}

function withoutPolicy(action: Json): Json {
  const { policy: _policy, ...rest } = action
  return rest
}

/** `entities` overrides for `buildLibraryConfig`: Book's and Publisher's permissions. */
export const permissionsArbitrary: fc.Arbitrary<Record<string, Json>> = fc
  .record({
    book: entityPermissions(BOOK_FIELDS, BOOK_POLICIES),
    publisher: entityPermissions(PUBLISHER_FIELDS, PUBLISHER_POLICIES),
  })
  .map(({ book, publisher }) => ({ Book: { permissions: book }, Publisher: { permissions: publisher } }))

/** Who sends a request: the role (via X-MS-API-ROLE) and the claims in its token. */
export interface Caller {
  readonly role: Role
  readonly claims: Readonly<Record<string, string | number>>
}

const callerArbitrary: fc.Arbitrary<Caller> = fc.record({
  role: fc.constantFrom(...ROLES),
  claims: fc.record({
    pub: fc.integer({ min: 1, max: 8 }),
    minpages: fc.constantFrom(100, 300, 600),
    maxprice: fc.constantFrom(10, 25, 60),
    country: fc.constantFrom('GB', 'US', 'FR', 'DE'),
  }),
})

export type CacheControl = 'no-cache' | 'no-store' | 'only-if-cached' | undefined

export interface ReadCommand {
  readonly kind: 'read'
  readonly caller: Caller
  readonly cacheControl: CacheControl
  /** A REST path and query, or a GraphQL document. */
  readonly rest?: string
  readonly graphql?: string
}

export interface WriteCommand {
  readonly kind: 'write'
  readonly path: string
  readonly body: Json
}

export type Command = ReadCommand | WriteCommand

/** A `$select` list: usually fields of the entity, sometimes one that does not exist. */
const selectable = (fields: readonly string[]): fc.Arbitrary<string[]> =>
  fc
    .tuple(
      fc.subarray(['id', ...fields], { minLength: 1 }),
      fc.oneof({ weight: 6, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.constant(['nope']) }),
    )
    .map(([known, unknown]) => [...known, ...unknown])

const restRead: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      select: fc.option(selectable(BOOK_FIELDS), { nil: undefined }),
      filter: fc.option(
        fc.constantFrom('pages gt 300', 'price lt 20', 'publisher_id eq 2', 'inPrint eq true', 'year gt 2000'),
        { nil: undefined },
      ),
      orderby: fc.option(fc.constantFrom('pages desc', 'price', 'title', 'isbn desc'), { nil: undefined }),
      first: fc.integer({ min: 1, max: 25 }),
    })
    .map(({ select, filter, orderby, first }) => {
      const params = [`$first=${first}`]
      if (select !== undefined) params.push(`$select=${select.join(',')}`)
      if (filter !== undefined) params.push(`$filter=${encodeURIComponent(filter)}`)
      if (orderby !== undefined) params.push(`$orderby=${encodeURIComponent(orderby)}`)
      return `/api/Book?${params.join('&')}`
    }),
  fc.integer({ min: 1, max: 12 }).map((id) => `/api/Book/id/${id}`),
  fc
    .option(selectable(PUBLISHER_FIELDS), { nil: undefined })
    .map((select) => `/api/Publisher${select === undefined ? '' : `?$select=${select.join(',')}`}`),
)

const graphqlRead: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      fields: fc.subarray(['id', 'title', 'pages', 'price', 'isbn'], { minLength: 1 }),
      nested: fc.subarray(['id', 'name', 'country'], { minLength: 1 }),
      first: fc.integer({ min: 1, max: 20 }),
    })
    .map(
      ({ fields, nested, first }) =>
        `{ books(first: ${first}, orderBy: { pages: DESC }) { items { ${fields.join(' ')} publisher { ${nested.join(' ')} } } hasNextPage endCursor } }`,
    ),
  fc
    .record({ first: fc.integer({ min: 1, max: 3 }), country: fc.boolean() })
    .map(
      ({ first, country }) =>
        `{ publishers { items { id ${country ? 'country' : ''} books(first: ${first}) { items { id } hasNextPage endCursor } } } }`,
    ),
  fc
    .integer({ min: 100, max: 700 })
    .map((pages) => `{ publishers(filter: { books: { pages: { gt: ${pages} } } }) { items { id name } } }`),
)

const writeCommand: fc.Arbitrary<WriteCommand> = fc.oneof(
  fc
    .record({
      id: fc.integer({ min: 1, max: 12 }),
      title: fc.constantFrom('Rewritten', 'Another title', 'Zed'),
      pages: fc.integer({ min: 50, max: 900 }),
    })
    .map(({ id, title, pages }) => ({ kind: 'write' as const, path: `/api/Book/id/${id}`, body: { title, pages } })),
  fc
    .record({ id: fc.integer({ min: 1, max: 8 }), country: fc.constantFrom('GB', 'US', 'FR', 'DE', 'NL') })
    .map(({ id, country }) => ({ kind: 'write' as const, path: `/api/Publisher/id/${id}`, body: { country } })),
)

const readCommand: fc.Arbitrary<ReadCommand> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({
        caller: callerArbitrary,
        cacheControl: fc.constantFrom<CacheControl>(
          undefined,
          undefined,
          undefined,
          'no-cache',
          'no-store',
          'only-if-cached',
        ),
        rest: restRead,
      })
      .map((r) => ({ kind: 'read' as const, ...r })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({
        caller: callerArbitrary,
        cacheControl: fc.constantFrom<CacheControl>(undefined, undefined, 'no-cache', 'only-if-cached'),
        graphql: graphqlRead,
      })
      .map((r) => ({ kind: 'read' as const, ...r })),
  },
)

/**
 * A run's commands: a few distinct reads, each sent again and again (so the cached server answers from its cache),
 * interleaved with writes to the rows those reads return.
 */
export const commandsArbitrary: fc.Arbitrary<Command[]> = fc
  .array(readCommand, { minLength: 2, maxLength: 8 })
  .chain((reads) =>
    fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.nat(reads.length - 1).map((i) => reads[i]!) },
        { weight: 1, arbitrary: writeCommand },
      ),
      { minLength: 10, maxLength: 40 },
    ),
  )
