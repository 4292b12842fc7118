import { parseConfig } from '../../src/config/load-config.js'
import { buildServiceModel } from '../../src/model/build-service-model.js'
import { DEFAULT_CAPABILITIES } from '../../src/dialect.js'
import { DefaultAuthorizeStage } from '../../src/pipeline/default-authorize-stage.js'
import { DefaultFieldFilterStage } from '../../src/pipeline/default-field-filter-stage.js'
import { DefaultParseStage } from '../../src/pipeline/default-parse-stage.js'
import { silentLogger } from '../../src/request/logger.js'
import type { OperationRequest } from '../../src/request/operation-request.js'
import { isAuthorizedAs, isAuthorizedRead, type AuthorizedRequest } from '../../src/request/authorized-request.js'
import type { ReadRequest, WriteRequest } from '../../src/request/parsed-request.js'
import type { RequestContext } from '../../src/request/request-context.js'
import { BOOK_AUTHORS, BOOKS, column, metadataOf, table } from './library-metadata.js'

/**
 * Authorized requests as the pipeline's first three stages make them, over the library metadata: `anonymous` may read,
 * create and update books; `owner` too, with a read policy on the caller's `name` claim; `clerk` may create books and
 * read them without their key. Anyone may do anything with book-author links and shelves. For unit tests of planning.
 */
const config = parseConfig(
  {
    'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' },
    entities: {
      Book: {
        source: 'public.books',
        permissions: [
          { role: 'anonymous', actions: ['create', 'read', 'update'] },
          {
            role: 'owner',
            actions: ['create', 'update', { action: 'read', policy: { database: '@item.title eq @claims.name' } }],
          },
          { role: 'clerk', actions: ['create', { action: 'read', fields: { include: ['*'], exclude: ['id'] } }] },
        ],
      },
      BookAuthor: { source: 'public.book_authors', permissions: [{ role: 'anonymous', actions: ['*'] }] },
      Shelf: { source: 'public.shelves', permissions: [{ role: 'anonymous', actions: ['*'] }] },
    },
  },
  { baseDir: '/' },
)
/** Shelves are keyed by a fixed-length code (`char(4)`). */
const SHELVES = table(
  'public',
  'shelves',
  [column('code', 'string', { nullable: false, dbType: 'character' }), column('label', 'string')],
  ['code'],
)
const model = buildServiceModel(config, metadataOf(BOOKS, BOOK_AUTHORS, SHELVES), DEFAULT_CAPABILITIES)
const parse = new DefaultParseStage(model, config, undefined as never)
const authorize = new DefaultAuthorizeStage()
const fieldFilter = new DefaultFieldFilterStage()

export function contextOf(role: string, claims: Record<string, unknown> = {}): RequestContext {
  return {
    requestId: '1',
    principal: { authenticated: role !== 'anonymous', roles: [role], claims },
    role,
    mode: 'production',
    log: silentLogger,
    signal: undefined,
  }
}

export function authorizedRequest(request: OperationRequest, context = contextOf('anonymous')): AuthorizedRequest {
  return fieldFilter.run(authorize.run(parse.run(request), context))
}

/** An authorized read (by key, a list page or groups); throws for any other request. */
export function authorizedRead(
  request: OperationRequest,
  context = contextOf('anonymous'),
): AuthorizedRequest<ReadRequest> {
  const authorized = authorizedRequest(request, context)
  if (!isAuthorizedRead(authorized)) throw new Error(`not a read: ${authorized.parsed.kind}`)
  return authorized
}

/** An authorized write; throws for any other request. */
export function authorizedWrite(
  request: OperationRequest,
  context = contextOf('anonymous'),
): AuthorizedRequest<WriteRequest> {
  const authorized = authorizedRequest(request, context)
  if (!isAuthorizedAs(authorized, 'write')) throw new Error(`not a write: ${authorized.parsed.kind}`)
  return authorized
}
