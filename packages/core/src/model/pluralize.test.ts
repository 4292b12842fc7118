import { describe, expect, it } from 'vitest'
import { pluralize } from './pluralize.js'

describe('pluralize', () => {
  it.each([
    ['Book', 'Books'],
    ['BookAuthor', 'BookAuthors'],
    ['Category', 'Categories'],
    ['Day', 'Days'],
    ['Box', 'Boxes'],
    ['Match', 'Matches'],
    ['Person', 'People'],
    ['Series', 'Series'],
    ['book', 'books'],
    ['stock_item', 'stock_items'],
    ['Hero', 'Heroes'],
    ['Photo', 'Photos'],
    ['STATUS', 'STATUSES'],
    ['Item2', 'Item2s'],
    // as Data API builder (Humanizer) names them in its own test configs
    ['Sales', 'Sales'],
    ['Bookmarks', 'Bookmarks'],
    ['GQLmappings', 'GQLmappings'],
    ['PublisherNF', 'PublisherNFs'],
    ['Bus', 'Buses'],
  ])('%s → %s', (singular, plural) => {
    expect(pluralize(singular)).toBe(plural)
  })
})
