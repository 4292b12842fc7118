import { describe, expect, it } from 'vitest'
import { column, metadataAsRequested, metadataOf, table } from '../../test/support/library-metadata.js'
import { parseConfig } from '../config/load-config.js'
import { DEFAULT_CAPABILITIES } from '../dialect/dialect-capabilities.js'
import { isSluiceError } from '../errors/sluice-error.js'
import type { ForeignKeyMetadata, ObjectMetadata } from './database-metadata.js'
import { buildServiceModel, listSourceObjects } from './build-service-model.js'

const fk = (name: string, columns: string[], referenced: string, referencedColumns: string[]): ForeignKeyMetadata => ({
  name,
  columns,
  referenced: { schema: 'public', name: referenced },
  referencedColumns,
})
const withKeys = (object: ObjectMetadata, ...foreignKeys: ForeignKeyMetadata[]): ObjectMetadata => ({
  ...object,
  foreignKeys,
})

const PUBLISHERS = table(
  'public',
  'publishers',
  [column('id', 'int', { nullable: false }), column('name', 'string')],
  ['id'],
)
const BOOKS = withKeys(
  table(
    'public',
    'books',
    [
      column('id', 'int', { nullable: false }),
      column('title', 'string'),
      column('publisher_id', 'int', { nullable: false }),
      column('translator_id', 'int'),
      column('editor_id', 'int'),
    ],
    ['id'],
  ),
  fk('books_publisher_fk', ['publisher_id'], 'publishers', ['id']),
)
const PEOPLE = table('public', 'people', [column('id', 'int', { nullable: false }), column('name', 'string')], ['id'])
const AUTHORS = table('public', 'authors', [column('id', 'int', { nullable: false }), column('name', 'string')], ['id'])
const BOOK_AUTHORS = withKeys(
  table(
    'public',
    'book_authors',
    [column('book_id', 'int', { nullable: false }), column('author_id', 'int', { nullable: false })],
    ['book_id', 'author_id'],
  ),
  fk('ba_book', ['book_id'], 'books', ['id']),
  fk('ba_author', ['author_id'], 'authors', ['id']),
)
const EMPLOYEES = withKeys(
  table('public', 'employees', [column('id', 'int', { nullable: false }), column('manager_id', 'int')], ['id']),
  fk('employees_manager_fk', ['manager_id'], 'employees', ['id']),
)
const BOOKS_TWO_PEOPLE = withKeys(
  BOOKS,
  fk('books_publisher_fk', ['publisher_id'], 'publishers', ['id']),
  fk('books_translator_fk', ['translator_id'], 'people', ['id']),
  fk('books_editor_fk', ['editor_id'], 'people', ['id']),
)

const read = [{ role: 'anonymous', actions: ['read'] }]
const config = (entities: Record<string, unknown>) =>
  parseConfig(
    { 'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' }, entities },
    { baseDir: '/' },
  )

function problemsOf(build: () => unknown): string {
  try {
    build()
  } catch (error) {
    expect(isSluiceError(error) && error.code).toBe('SLUICE_ERR_MODEL')
    return (error as Error).message
  }
  throw new Error('expected SLUICE_ERR_MODEL')
}

describe('relationships in the service model', () => {
  it('infers one and many from the foreign key, in both directions', () => {
    const model = buildServiceModel(
      config({
        Book: {
          source: 'public.books',
          permissions: read,
          relationships: { publisher: { cardinality: 'one', 'target.entity': 'Publisher' } },
        },
        Publisher: {
          source: 'public.publishers',
          permissions: read,
          relationships: { books: { cardinality: 'many', 'target.entity': 'Book' } },
        },
      }),
      metadataOf(PUBLISHERS, BOOKS),
      DEFAULT_CAPABILITIES,
    )
    const publisher = model.entities.get('Book')!.relationships.get('publisher')!
    expect(publisher).toMatchObject({
      source: 'Book',
      target: 'Publisher',
      cardinality: 'one',
      sourceFields: ['publisher_id'],
      targetFields: ['id'],
      nullable: false,
    })
    const books = model.entities.get('Publisher')!.relationships.get('books')!
    expect(books).toMatchObject({
      cardinality: 'many',
      sourceFields: ['id'],
      targetFields: ['publisher_id'],
      linking: undefined,
    })
  })

  it('builds relationships between unqualified sources resolved through the search path (DAB configs write "books")', () => {
    const cfg = config({
      Book: {
        source: 'books',
        permissions: read,
        relationships: { publisher: { cardinality: 'one', 'target.entity': 'Publisher' } },
      },
      Publisher: {
        source: 'publishers',
        permissions: read,
        relationships: { books: { cardinality: 'many', 'target.entity': 'Book' } },
      },
      Author: {
        source: 'authors',
        permissions: read,
        relationships: { books: { cardinality: 'many', 'target.entity': 'Book', 'linking.object': 'book_authors' } },
      },
    })
    const model = buildServiceModel(
      cfg,
      metadataAsRequested(listSourceObjects(cfg), PUBLISHERS, BOOKS, AUTHORS, BOOK_AUTHORS),
      DEFAULT_CAPABILITIES,
    )
    expect(model.entities.get('Book')!.relationships.get('publisher')).toMatchObject({
      target: 'Publisher',
      sourceFields: ['publisher_id'],
    })
    expect(model.entities.get('Publisher')!.relationships.get('books')).toMatchObject({
      target: 'Book',
      targetFields: ['publisher_id'],
    })
    expect(model.entities.get('Author')!.relationships.get('books')).toMatchObject({
      target: 'Book',
      linking: { sourceColumns: ['author_id'] },
    })
  })

  it('uses configured fields (API names or columns), so several relationships can reach the same target', () => {
    const model = buildServiceModel(
      config({
        Book: {
          source: 'public.books',
          permissions: read,
          fields: [{ name: 'editor_id', alias: 'editorId' }],
          relationships: {
            translator: {
              cardinality: 'one',
              'target.entity': 'Person',
              'source.fields': ['translator_id'],
              'target.fields': ['id'],
            },
            editor: {
              cardinality: 'one',
              'target.entity': 'Person',
              'source.fields': ['editorId'],
              'target.fields': ['id'],
            },
          },
        },
        Person: { source: 'public.people', permissions: read },
        Publisher: { source: 'public.publishers', permissions: read },
      }),
      metadataOf(PUBLISHERS, BOOKS_TWO_PEOPLE, PEOPLE),
      DEFAULT_CAPABILITIES,
    )
    const rels = model.entities.get('Book')!.relationships
    expect(rels.get('translator')).toMatchObject({
      sourceColumns: ['translator_id'],
      targetColumns: ['id'],
      nullable: true,
    })
    expect(rels.get('editor')).toMatchObject({ sourceFields: ['editorId'], sourceColumns: ['editor_id'] })
  })

  it('infers many-to-many through the linking object, and self-references', () => {
    const config_ = config({
      Book: {
        source: 'public.books',
        permissions: read,
        relationships: {
          authors: { cardinality: 'many', 'target.entity': 'Author', 'linking.object': 'public.book_authors' },
        },
      },
      Author: {
        source: 'public.authors',
        permissions: read,
        relationships: {
          books: { cardinality: 'many', 'target.entity': 'Book', 'linking.object': 'public.book_authors' },
        },
      },
      Publisher: { source: 'public.publishers', permissions: read },
      Employee: {
        source: 'public.employees',
        permissions: read,
        relationships: {
          manager: { cardinality: 'one', 'target.entity': 'Employee' },
          reports: { cardinality: 'many', 'target.entity': 'Employee' },
        },
      },
    })
    expect(listSourceObjects(config_).map((o) => o.name.name)).toEqual([
      'books',
      'authors',
      'publishers',
      'employees',
      'book_authors',
    ])
    const model = buildServiceModel(
      config_,
      metadataOf(PUBLISHERS, BOOKS, AUTHORS, BOOK_AUTHORS, EMPLOYEES),
      DEFAULT_CAPABILITIES,
    )
    expect(model.entities.get('Book')!.relationships.get('authors')).toMatchObject({
      sourceColumns: ['id'],
      targetColumns: ['id'],
      linking: {
        object: { schema: 'public', name: 'book_authors' },
        sourceColumns: ['book_id'],
        targetColumns: ['author_id'],
      },
    })
    expect(model.entities.get('Author')!.relationships.get('books')!.linking).toMatchObject({
      sourceColumns: ['author_id'],
      targetColumns: ['book_id'],
    })
    const employee = model.entities.get('Employee')!.relationships
    expect(employee.get('manager')).toMatchObject({
      sourceColumns: ['manager_id'],
      targetColumns: ['id'],
      nullable: true,
    })
    expect(employee.get('reports')).toMatchObject({ sourceColumns: ['id'], targetColumns: ['manager_id'] })
  })

  it('reports every mismatch at start-up', () => {
    const message = problemsOf(() =>
      buildServiceModel(
        config({
          Book: {
            source: 'public.books',
            permissions: read,
            relationships: {
              ambiguous: { cardinality: 'one', 'target.entity': 'Person' },
              unknownField: {
                cardinality: 'one',
                'target.entity': 'Publisher',
                'source.fields': ['publisher'],
                'target.fields': ['id'],
              },
              counts: {
                cardinality: 'one',
                'target.entity': 'Publisher',
                'source.fields': ['publisher_id', 'title'],
                'target.fields': ['id'],
              },
              types: {
                cardinality: 'one',
                'target.entity': 'Publisher',
                'source.fields': ['title'],
                'target.fields': ['id'],
              },
              title: { cardinality: 'one', 'target.entity': 'Publisher' },
              noLink: { cardinality: 'many', 'target.entity': 'Person', 'linking.object': 'public.nothing' },
            },
          },
          Person: { source: 'public.people', permissions: read },
          Publisher: { source: 'public.publishers', permissions: read },
        }),
        metadataOf(PUBLISHERS, BOOKS_TWO_PEOPLE, PEOPLE),
        DEFAULT_CAPABILITIES,
      ),
    )
    expect(message).toContain(
      'relationships.ambiguous: cannot infer the join fields: 2 foreign keys relate public.books and public.people (books_translator_fk, books_editor_fk); set source.fields and target.fields to choose one.',
    )
    expect(message).toContain("relationships.unknownField: source.fields: 'publisher' is not a field of Book.")
    expect(message).toContain('relationships.counts: source.fields has 2 field(s) but target.fields has 1')
    expect(message).toContain(
      "relationships.types: source field 'title' (string) cannot be joined with target field 'id' (int).",
    )
    expect(message).toContain('relationships.title: the name is also a field of Book')
    expect(message).toContain('relationships.noLink: linking.object public.nothing was not found in the database')
    expect(message).toContain('6 problem(s)')
  })
})
