import { describe, expect, it } from 'vitest'
import { resolveSqliteFile } from './resolve-sqlite-file.js'

describe('resolveSqliteFile', () => {
  it('reads the keyword form and the bare path, relative to the config folder', () => {
    expect(resolveSqliteFile('Data Source=data/library.db', '/srv/app')).toEqual({
      filename: '/srv/app/data/library.db',
      readonly: false,
    })
    expect(resolveSqliteFile('Data Source=/var/lib/x.db;Mode=ReadOnly', '/srv/app')).toEqual({
      filename: '/var/lib/x.db',
      readonly: true,
    })
    expect(resolveSqliteFile('Filename=x.db', '/srv')).toEqual({ filename: '/srv/x.db', readonly: false })
    expect(resolveSqliteFile('./library.db', '/srv/app')).toEqual({ filename: '/srv/app/library.db', readonly: false })
  })

  it('opens a private in-memory database for an empty string or :memory:', () => {
    expect(resolveSqliteFile('', '/srv').filename).toBe(':memory:')
    expect(resolveSqliteFile('Data Source=:memory:', '/srv').filename).toBe(':memory:')
  })
})
