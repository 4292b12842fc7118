import { describe, expect, it } from 'vitest'
import { classifyPostgresError } from './postgres-error-classifier.js'

const withCode = (code: string, message = 'failed'): Error => Object.assign(new Error(message), { code })

describe('classifyPostgresError', () => {
  it.each([
    ['23505', 'unique'],
    ['23502', 'not-null'],
    ['23503', 'foreign-key'],
    ['23514', 'check'],
    ['22P02', 'invalid-input'],
    ['55000', 'not-writable'],
    ['54000', 'invalid-input'],
    ['428C9', 'not-writable'],
    ['22001', 'invalid-input'],
    ['22003', 'invalid-input'],
    ['22008', 'invalid-input'],
    ['42804', 'invalid-input'],
    ['08006', 'unavailable'],
    ['08001', 'unavailable'],
    ['57P01', 'unavailable'],
    ['57P02', 'unavailable'],
    ['57P03', 'unavailable'],
    ['53300', 'unavailable'],
    ['53400', 'unavailable'],
    ['42P01', 'other'],
    ['40001', 'other'],
  ] as const)('sorts SQLSTATE %s as %s', (code, kind) => {
    expect(classifyPostgresError(withCode(code)).kind).toBe(kind)
  })

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'])(
    'sorts socket error %s as unavailable',
    (code) => {
      expect(classifyPostgresError(withCode(code, `connect ${code} 127.0.0.1:5432`)).kind).toBe('unavailable')
    },
  )

  it("sorts pg's lost-connection and pool-timeout messages as unavailable", () => {
    expect(classifyPostgresError(new Error('Connection terminated unexpectedly')).kind).toBe('unavailable')
    expect(classifyPostgresError(new Error('Connection terminated due to connection timeout')).kind).toBe('unavailable')
    expect(classifyPostgresError(new Error('timeout exceeded when trying to connect')).kind).toBe('unavailable')
  })

  it('sorts anything else as other', () => {
    expect(classifyPostgresError(new Error('boom')).kind).toBe('other')
    expect(classifyPostgresError('boom')).toEqual({ kind: 'other', message: 'boom' })
    expect(classifyPostgresError(undefined).kind).toBe('other')
  })

  it("uses the SQLSTATE, the message's first line and the detail, as Npgsql words them", () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "t_pkey"'), {
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
    })
    expect(classifyPostgresError(error).message).toBe(
      '23505: duplicate key value violates unique constraint "t_pkey" (Key (id)=(1) already exists.)',
    )
    expect(classifyPostgresError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })).message).toBe('refused')
    expect(classifyPostgresError(new Error('first\n    at minified (chunk.js:1:2)')).message).toBe('first')
  })

  it('describes an AggregateError (Node tried several addresses) by its first inner error', () => {
    const error = Object.assign(
      new AggregateError([
        new Error('connect ECONNREFUSED ::1:5432'),
        new Error('connect ECONNREFUSED 127.0.0.1:5432'),
      ]),
      { code: 'ECONNREFUSED' },
    )
    expect(classifyPostgresError(error)).toEqual({ kind: 'unavailable', message: 'connect ECONNREFUSED ::1:5432' })
  })

  it('keeps messages short', () => {
    expect(classifyPostgresError(new Error('x'.repeat(5000))).message.length).toBeLessThanOrEqual(500)
  })
})
