import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSluice, parseConfig, Tokens, type Sluice, type Token } from '@sluice/core'
import { defaultPlugins } from '../src/default-plugins.js'

// Every registered token resolves, and no injected dependency is silently undefined (tsyringe fills a
// constructor parameter that lacks @inject with undefined when decorator metadata is off).
describe('the boot container', () => {
  let sluice: Sluice
  beforeAll(async () => {
    const config = parseConfig(
      {
        'data-source': { 'database-type': 'pglite', 'connection-string': '' },
        entities: {},
      },
      { baseDir: process.cwd() },
    )
    sluice = await createSluice({ config, plugins: defaultPlugins() })
  })
  afterAll(() => sluice.close())

  it.each(Object.entries(Tokens))('resolves %s with every dependency present', (_name, token) => {
    const value = sluice.container.resolve(token as Token<unknown>)
    expect(value).toBeDefined()
    // class instances only: their own properties are the constructor's injected parameters
    if (
      typeof value === 'object' &&
      value !== null &&
      Object.getPrototypeOf(value) !== Object.prototype &&
      !Array.isArray(value)
    ) {
      for (const [key, dependency] of Object.entries(value)) expect(dependency, key).not.toBeUndefined()
    }
  })
})
