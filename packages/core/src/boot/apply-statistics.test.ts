import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config/load-config.js'
import { DEFAULT_CAPABILITIES } from '../dialect/dialect-capabilities.js'
import { buildServiceModel } from '../model/build-service-model.js'
import { qualifiedKey, type QualifiedName } from '../model/database-metadata.js'
import type { ColumnStatistics, DatabaseStatistics, ObjectStatistics } from '../model/object-statistics.js'
import type { EntityModel, ServiceModel } from '../model/service-model.js'
import { ModelStatistics } from '../request/model-statistics.js'
import { column, metadataOf, table } from '../../test/support/library-metadata.js'
import { applyStatistics, AVERAGE_ROWS_PER_VALUE_SAFETY_FACTOR } from './apply-statistics.js'
import { listStatisticsObjects } from './list-statistics-objects.js'

const anyone = [{ role: 'anonymous', actions: ['read'] }]
const model: ServiceModel = buildServiceModel(
  parseConfig(
    {
      'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' },
      entities: {
        Publisher: {
          source: 'public.publishers',
          permissions: anyone,
          relationships: {
            books: {
              cardinality: 'many',
              'target.entity': 'Book',
              'source.fields': ['id'],
              'target.fields': ['publisher_id'],
            },
          },
        },
        Book: {
          source: 'public.books',
          permissions: anyone,
          relationships: {
            publisher: {
              cardinality: 'one',
              'target.entity': 'Publisher',
              'source.fields': ['publisher_id'],
              'target.fields': ['id'],
            },
            authors: {
              cardinality: 'many',
              'target.entity': 'Author',
              'source.fields': ['id'],
              'target.fields': ['id'],
              'linking.object': 'public.book_authors',
              'linking.source.fields': ['book_id'],
              'linking.target.fields': ['author_id'],
            },
          },
        },
        Author: {
          source: 'public.authors',
          permissions: anyone,
          relationships: {
            books: {
              cardinality: 'many',
              'target.entity': 'Book',
              'source.fields': ['id'],
              'target.fields': ['id'],
              'linking.object': 'public.book_authors',
              'linking.source.fields': ['author_id'],
              'linking.target.fields': ['book_id'],
            },
          },
        },
        BookView: { source: { object: 'public.book_view', type: 'view', 'key-fields': ['id'] }, permissions: anyone },
      },
    },
    { baseDir: '/' },
  ),
  metadataOf(
    table('public', 'publishers', [column('id', 'int', { nullable: false }), column('name', 'string')], ['id']),
    table('public', 'books', [column('id', 'int', { nullable: false }), column('publisher_id', 'int')], ['id']),
    table('public', 'authors', [column('id', 'int', { nullable: false })], ['id']),
    table(
      'public',
      'book_authors',
      [column('book_id', 'int', { nullable: false }), column('author_id', 'int', { nullable: false })],
      ['book_id', 'author_id'],
    ),
    table('public', 'book_view', [column('id', 'int'), column('title', 'string')], [], 'view'),
  ),
  DEFAULT_CAPABILITIES,
)

const entity = (name: string): EntityModel => model.entities.get(name)!
const relationship = (entityName: string, name: string) => entity(entityName).relationships.get(name)!
const name = (object: string): QualifiedName => ({ schema: 'public', name: object })

function statisticsOf(
  objects: Record<string, { rows: number | undefined; columns?: Record<string, ColumnStatistics> }>,
): DatabaseStatistics {
  return {
    objects: new Map(
      Object.entries(objects).map(([object, figures]): [string, ObjectStatistics] => [
        qualifiedKey(name(object)),
        { rows: figures.rows, columns: new Map(Object.entries(figures.columns ?? {})) },
      ]),
    ),
  }
}

describe('listStatisticsObjects', () => {
  it("lists the data source's tables and views and the linking objects of their relationships, each once", () => {
    expect(
      listStatisticsObjects(model, 'default')
        .map((o) => o.name)
        .sort(),
    ).toEqual(['authors', 'book_authors', 'book_view', 'books', 'publishers'])
    expect(listStatisticsObjects(model, 'elsewhere')).toEqual([])
  })
})

describe('applyStatistics', () => {
  it("sets each entity's rows and each many relationship's fan-out: the target's join column, or the linking object's source-side column", () => {
    const target = new ModelStatistics()
    applyStatistics(
      model,
      'default',
      statisticsOf({
        publishers: { rows: 8 },
        books: { rows: 60, columns: { publisher_id: { maxRowsPerValue: 15.0000012 }, id: { maxRowsPerValue: 1 } } },
        authors: { rows: 30 },
        book_authors: {
          rows: 83,
          columns: { book_id: { maxRowsPerValue: 3 }, author_id: { averageRowsPerValue: 2.3 } },
        },
      }),
      target,
    )
    expect([
      target.rowsOf(entity('Publisher')),
      target.rowsOf(entity('Book')),
      target.rowsOf(entity('Author')),
    ]).toEqual([8, 60, 30])
    expect(target.fanOutOf(relationship('Publisher', 'books'))).toBe(15) // float noise rounded away, not up to 16
    expect(target.fanOutOf(relationship('Book', 'authors'))).toBe(3)
    // Only an average: multiplied by the safety factor, rounded up.
    expect(target.fanOutOf(relationship('Author', 'books'))).toBe(Math.ceil(2.3 * AVERAGE_ROWS_PER_VALUE_SAFETY_FACTOR))
    expect(target.fanOutOf(relationship('Book', 'publisher'))).toBeUndefined()
  })

  it('leaves unknown what the catalog does not know or calls empty, and forgets figures a later read no longer has', () => {
    const target = new ModelStatistics()
    applyStatistics(
      model,
      'default',
      statisticsOf({ books: { rows: 60, columns: { publisher_id: { maxRowsPerValue: 15 } } }, authors: { rows: 30 } }),
      target,
    )
    expect(target.fanOutOf(relationship('Publisher', 'books'))).toBe(15)
    applyStatistics(
      model,
      'default',
      statisticsOf({
        books: { rows: 0, columns: { publisher_id: {} } }, // analyzed while empty: it may have been filled since
        publishers: { rows: undefined },
        book_authors: { rows: 10, columns: { book_id: { maxRowsPerValue: 0 } } },
      }),
      target,
    )
    expect(target.rowsOf(entity('Book'))).toBeUndefined()
    expect(target.rowsOf(entity('Publisher'))).toBeUndefined()
    expect(target.rowsOf(entity('Author'))).toBeUndefined()
    expect(target.rowsOf(entity('BookView'))).toBeUndefined()
    expect(target.fanOutOf(relationship('Publisher', 'books'))).toBeUndefined()
    expect(target.fanOutOf(relationship('Book', 'authors'))).toBeUndefined()
  })

  it("touches only the named data source's entities", () => {
    const target = new ModelStatistics()
    applyStatistics(model, 'elsewhere', statisticsOf({ books: { rows: 60 } }), target)
    expect(target.rowsOf(entity('Book'))).toBeUndefined()
  })
})
