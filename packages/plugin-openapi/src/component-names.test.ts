import { describe, expect, it } from 'vitest'
import { ComponentNames, operationName } from './component-names.js'

describe('ComponentNames', () => {
  it('keeps valid entity names and replaces characters component keys do not allow', () => {
    const names = new ComponentNames(['ErrorResponse'])
    expect(names.of('Book')).toBe('Book')
    expect(names.of('Book Review')).toBe('Book_Review')
    expect(names.of('Bücher/Alt')).toBe('B_cher_Alt')
    for (const name of ['Book', 'Book_Review', 'B_cher_Alt']) expect(name).toMatch(/^[a-zA-Z0-9.\-_]+$/)
  })

  it('numbers names that collide (case-insensitively) with another entity or a reserved name', () => {
    const names = new ComponentNames(['ErrorResponse'])
    expect(names.of('Book Review')).toBe('Book_Review')
    expect(names.of('Book_Review')).toBe('Book_Review_2')
    expect(names.of('book review')).toBe('book_review_3')
    expect(names.of('errorresponse')).toBe('errorresponse_2')
    // Stable: the same entity always gets its first name.
    expect(names.of('Book Review')).toBe('Book_Review')
  })

  it('derives operation names from letters and digits only', () => {
    expect(operationName('Book_Review_2')).toBe('BookReview2')
  })
})
