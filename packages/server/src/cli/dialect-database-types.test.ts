import type { DialectPlugin } from '@sluice/core'
import { describe, expect, it } from 'vitest'
import { defaultPlugins } from '../default-plugins.js'
import { DIALECT_DATABASE_TYPES } from './dialect-database-types.js'

describe('DIALECT_DATABASE_TYPES', () => {
  it('lists the database types of the dialects sluice start composes, in their order', () => {
    const declared = defaultPlugins().flatMap((p) =>
      (p as Partial<DialectPlugin>).kind === 'dialect' ? [...(p as DialectPlugin).databaseTypes] : [],
    )
    expect(DIALECT_DATABASE_TYPES).toEqual(declared)
  })
})
