import { SCALAR_TYPES } from '@sluice/core/protocol'
import { describe, expect, it } from 'vitest'
import { scalarSchema } from './scalar-schema.js'

describe('scalarSchema', () => {
  it('maps every scalar type to the JSON REST writes for it', () => {
    expect(scalarSchema('long')).toEqual({ type: 'integer', format: 'int64' })
    expect(scalarSchema('decimal')).toEqual({ type: 'number' })
    expect(scalarSchema('bytes')).toEqual({ type: 'string', format: 'byte' })
    expect(scalarSchema('datetimeoffset')).toEqual({ type: 'string', format: 'date-time' })
    expect(scalarSchema('json')).toEqual({})
    for (const type of SCALAR_TYPES) expect(scalarSchema(type), type).toBeTypeOf('object')
  })

  it('marks nullable only typed schemas (an empty schema already admits null) and keeps maxLength for plain text', () => {
    expect(scalarSchema('int', { nullable: true })).toEqual({ type: 'integer', format: 'int32', nullable: true })
    expect(scalarSchema('json', { nullable: true })).toEqual({})
    expect(scalarSchema('string', { maxLength: 20, description: 'Name.' })).toEqual({
      type: 'string',
      maxLength: 20,
      description: 'Name.',
    })
    expect(scalarSchema('uuid', { maxLength: 36 })).toEqual({ type: 'string', format: 'uuid' })
  })

  it('returns a fresh object each call', () => {
    expect(scalarSchema('int')).not.toBe(scalarSchema('int'))
  })
})
