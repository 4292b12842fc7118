import { GraphQLError } from 'graphql'
import { describe, expect, it, vi } from 'vitest'
import { SluiceError, silentLogger } from '@sluice/core/protocol'
import { formatError } from './format-errors.js'

const options = (mode: 'development' | 'production') => ({
  mode,
  log: silentLogger,
  requestId: 'r1',
  fallbackCode: 'SLUICE_ERR_INTERNAL' as const,
})
const located = (original: Error) => new GraphQLError(original.message, { originalError: original, path: ['books'] })

describe('formatError', () => {
  it('gives a core error its message, registered code and status', () => {
    const error = located(new SluiceError('SLUICE_ERR_FORBIDDEN'))
    expect(formatError(error, options('production'))).toEqual({
      message: 'The current role does not have permission to perform this action.',
      path: ['books'],
      extensions: { code: 'AUTH_NOT_AUTHORIZED', sluiceCode: 'SLUICE_ERR_FORBIDDEN', status: 403 },
    })
  })

  it('adds the database detail in development only, as REST does', () => {
    const error = located(
      new SluiceError(
        'SLUICE_ERR_DATABASE_INPUT',
        { reason: 'a foreign key is missing' },
        { devDetail: 'insert violates books_publisher_id_fkey' },
      ),
    )
    expect(formatError(error, options('development')).message).toBe(
      'The database rejected the request: a foreign key is missing. insert violates books_publisher_id_fkey',
    )
    expect(formatError(error, options('production')).message).toBe(
      'The database rejected the request: a foreign key is missing.',
    )
  })

  it('masks an unexpected error in production and logs it', () => {
    const log = { ...silentLogger, error: vi.fn() }
    const error = located(new TypeError("Cannot read properties of undefined (reading 'x')"))
    const production = formatError(error, { ...options('production'), log })
    expect(production).toEqual({
      message: 'While processing your request the server ran into an unexpected error.',
      path: ['books'],
      extensions: { code: 'UnexpectedError', sluiceCode: 'SLUICE_ERR_INTERNAL', status: 500 },
    })
    expect(log.error).toHaveBeenCalledOnce()
    expect(formatError(error, options('development')).message).toMatch(/unexpected error\. Cannot read properties/)
  })

  it("keeps graphql-js's own errors with the phase's code", () => {
    const error = new GraphQLError('Cannot query field "x" on type "Book".')
    expect(formatError(error, { ...options('production'), fallbackCode: 'SLUICE_ERR_GRAPHQL_VALIDATION' })).toEqual({
      message: 'Cannot query field "x" on type "Book".',
      extensions: { code: 'BadRequest', sluiceCode: 'SLUICE_ERR_GRAPHQL_VALIDATION' },
    })
  })
})
