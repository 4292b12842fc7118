import { describe, expect, it } from 'vitest'
import { parseConfig } from './load-config.js'

const OPTIONS = { baseDir: '/tmp', env: {} }
const base = { 'data-source': { 'database-type': 'postgresql', 'connection-string': 'postgres://h/db' }, entities: {} }

describe('checkCache', () => {
  it('refuses level 2 without a connection string, as Data API builder does', () => {
    const cache = { enabled: true, 'level-2': { enabled: true, provider: 'redis' } }
    expect(() => parseConfig({ ...base, runtime: { cache } }, OPTIONS)).toThrow(
      /runtime\.cache\.level-2\.connection-string: the "redis" level-2 cache needs a connection-string/,
    )
  })

  it('accepts level 2 with a connection string, and a level-2 section that is off', () => {
    expect(() =>
      parseConfig(
        {
          ...base,
          runtime: { cache: { enabled: true, 'level-2': { enabled: true, 'connection-string': 'localhost:6379' } } },
        },
        OPTIONS,
      ),
    ).not.toThrow()
    expect(() =>
      parseConfig({ ...base, runtime: { cache: { enabled: true, 'level-2': { enabled: false } } } }, OPTIONS),
    ).not.toThrow()
    expect(() =>
      parseConfig({ ...base, runtime: { cache: { enabled: false, 'level-2': { enabled: true } } } }, OPTIONS),
    ).not.toThrow()
  })
})
