import { describe, expect, it } from 'vitest'
import { toolNameOf } from './procedure-tool.js'

describe('toolNameOf', () => {
  it('snake_cases entity names as Data API builder does', () => {
    expect(toolNameOf('GetBook')).toBe('get_book')
    expect(toolNameOf('BooksByPublisher')).toBe('books_by_publisher')
    expect(toolNameOf('getHTTPStatus')).toBe('get_http_status')
    expect(toolNameOf('Books-By Year')).toBe('books_by_year')
    expect(toolNameOf('count2Books')).toBe('count2_books')
    expect(toolNameOf('already_snake')).toBe('already_snake')
  })
})
