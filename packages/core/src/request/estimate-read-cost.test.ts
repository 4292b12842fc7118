import { describe, expect, it } from 'vitest'
import type { EntityModel } from '../model/service-model.js'
import type { RelationshipModel } from '../model/relationship-model.js'
import type { BoundRelation } from './bound-relation.js'
import { estimateReadCost } from './estimate-read-cost.js'
import { ModelStatistics } from './model-statistics.js'
import type { ParsedRequest } from './parsed-request.js'

// The library sample's shape: publishers ⟷ books ⟷ authors (through book_authors). Only what the estimate reads.
const publisher = { name: 'Publisher' } as EntityModel
const book = { name: 'Book' } as EntityModel
const author = { name: 'Author' } as EntityModel
const relationship = (name: string, cardinality: 'one' | 'many') => ({ name, cardinality }) as RelationshipModel
const publisherBooks = relationship('Publisher.books', 'many')
const bookPublisher = relationship('Book.publisher', 'one')
const bookAuthors = relationship('Book.authors', 'many')
const authorBooks = relationship('Author.books', 'many')

function nest(
  relationship: RelationshipModel,
  target: EntityModel,
  pageSize: number | undefined,
  relations: BoundRelation[] = [],
): BoundRelation {
  return { relationship, target, pageSize, relations } as unknown as BoundRelation
}

function read(
  entity: EntityModel,
  options: { pageSize?: number; key?: boolean; aggregate?: boolean; relations?: BoundRelation[] },
): ParsedRequest {
  const kind = options.key === true ? 'read-key' : options.aggregate === true ? 'aggregate' : 'list'
  return { kind, operation: 'read', entity, pageSize: options.pageSize, relations: options.relations ?? [] } as never
}

/** `{ publisher_by_pk(id: 1) { books { items { authors { items { books { items { title } } } } } } } }` (issue 36 item 8). */
const caseEight = read(publisher, {
  key: true,
  relations: [nest(publisherBooks, book, 100, [nest(bookAuthors, author, 100, [nest(authorBooks, book, 100)])])],
})

/** The library sample after ANALYZE (PGlite, as `pnpm start` serves it): 8 publishers, 60 books, 30 authors. */
function librarySample(): ModelStatistics {
  const statistics = new ModelStatistics()
  statistics.setRows(publisher, 8)
  statistics.setRows(book, 60)
  statistics.setRows(author, 30)
  statistics.setFanOut(publisherBooks, 15) // books.publisher_id: the most common publisher has 15 of the 60 books
  statistics.setFanOut(bookAuthors, 3) // book_authors.book_id
  statistics.setFanOut(authorBooks, 5) // book_authors.author_id
  return statistics
}

describe('estimateReadCost', () => {
  it('without statistics multiplies page sizes, as before: case 8 is over a million rows', () => {
    const none = new ModelStatistics()
    // 1 × (1 + 101 × (1 + 101 × (1 + 101)))
    expect(estimateReadCost(caseEight, none)).toBe(1_040_604)
    expect(
      estimateReadCost(
        read(book, { pageSize: 100, relations: [nest(bookAuthors, author, 10, [nest(authorBooks, book, 10)])] }),
        none,
      ),
    ).toBe(13_300)
  })

  it('caps each level by what the statistics say the data holds: case 8 on the library sample is 1 × (1 + 15 × (1 + 3 × (1 + 5)))', () => {
    expect(estimateReadCost(caseEight, librarySample())).toBe(1 + 15 * (1 + 3 * (1 + 5)))
  })

  it("caps the root list by the table's rows, and a by-key read stays 1 row", () => {
    const statistics = librarySample()
    expect(estimateReadCost(read(book, { pageSize: 100 }), statistics)).toBe(60)
    expect(estimateReadCost(read(book, { pageSize: 10 }), statistics)).toBe(10)
    expect(estimateReadCost(read(book, { key: true }), statistics)).toBe(1)
  })

  it('caps a many relationship at its page size plus the look-ahead row when the data has more, and keeps a one relationship at 1', () => {
    const statistics = librarySample()
    statistics.setFanOut(bookAuthors, 500)
    // 60 × (1 + 1 publisher × (1 + 11 books of 15) + 11 authors of 500)
    const request = read(book, {
      pageSize: 100,
      relations: [
        nest(bookPublisher, publisher, undefined, [nest(publisherBooks, book, 10)]),
        nest(bookAuthors, author, 10),
      ],
    })
    expect(estimateReadCost(request, statistics)).toBe(60 * (1 + 1 * (1 + 11) + 11))
  })

  it('falls back to page sizes level by level where the statistics know nothing', () => {
    const statistics = librarySample()
    statistics.setRows(publisher, undefined)
    statistics.setFanOut(bookAuthors, undefined)
    expect(
      estimateReadCost(read(publisher, { pageSize: 100, relations: [nest(publisherBooks, book, 100)] }), statistics),
    ).toBe(100 * (1 + 15))
    expect(estimateReadCost(caseEight, statistics)).toBe(1 + 15 * (1 + 101 * (1 + 5)))
  })

  it('still refuses what the data really fans out to: an 18-level books → publisher → books chain is billions of rows', () => {
    let inner: BoundRelation[] = []
    for (let level = 18; level > 0; level--)
      inner = [
        level % 2 === 1 ? nest(bookPublisher, publisher, undefined, inner) : nest(publisherBooks, book, 100, inner),
      ]
    const cost = estimateReadCost(read(book, { pageSize: 100, relations: inner }), librarySample())
    // 60 books, each level of publisher.books 15 more per book: 60 × 15^9 and the levels above
    expect(cost).toBeGreaterThan(60 * 15 ** 9)
    expect(cost).toBeGreaterThan(250_000)
  })

  it("counts an aggregation's groups: at most the page size, and at most the rows", () => {
    const statistics = librarySample()
    expect(estimateReadCost(read(book, { pageSize: 100_000, aggregate: true }), statistics)).toBe(60)
    expect(estimateReadCost(read(book, { pageSize: 100_000, aggregate: true }), new ModelStatistics())).toBe(100_000)
  })

  it('costs nothing for writes and procedures', () => {
    expect(
      estimateReadCost({ ...read(book, { pageSize: 100 }), kind: 'write' } as ParsedRequest, librarySample()),
    ).toBe(0)
    expect(
      estimateReadCost({ ...read(book, { pageSize: 100 }), kind: 'execute' } as ParsedRequest, librarySample()),
    ).toBe(0)
  })
})
