import { buildServiceModel, parseConfig, type EntityModel, type ServiceModel } from '../../src/index.js'
import { DEFAULT_CAPABILITIES } from '../../src/dialect.js'
import { BOOK_AUTHORS, BOOK_VIEW, BOOKS, metadataOf } from './library-metadata.js'

/** A service model over hand-written metadata (see library-metadata.ts), for unit tests of pure request code. */
export function buildLibraryModel(entities?: Record<string, unknown>): ServiceModel {
  const config = parseConfig(
    {
      'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' },
      runtime: { pagination: { 'default-page-size': 10, 'max-page-size': 50 } },
      entities: entities ?? {
        Book: {
          source: 'public.books',
          fields: [{ name: 'published', alias: 'publishedOn' }],
          permissions: [
            { role: 'anonymous', actions: [{ action: 'read', fields: { exclude: ['secret'] } }] },
            { role: 'owner', actions: [{ action: 'read', policy: { database: '@item.title eq @claims.name' } }] },
          ],
        },
        BookAuthor: { source: 'public.book_authors', permissions: [{ role: 'anonymous', actions: ['read'] }] },
      },
    },
    { baseDir: '/' },
  )
  return buildServiceModel(config, metadataOf(BOOKS, BOOK_AUTHORS, BOOK_VIEW), DEFAULT_CAPABILITIES)
}

export function entityOf(model: ServiceModel, name: string): EntityModel {
  const entity = model.entities.get(name)
  if (entity === undefined) throw new Error(`no entity ${name}`)
  return entity
}
