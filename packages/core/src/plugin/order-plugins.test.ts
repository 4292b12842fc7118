import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CORE_VERSION } from './core-version.js'
import { orderPlugins } from './order-plugins.js'

const plugin = (name: string, dependencies: string[] = [], core = '^0.1.0') => ({ name, core, dependencies })

describe('orderPlugins', () => {
  it('puts dependencies first and otherwise keeps the given order', () => {
    expect(orderPlugins([plugin('a', ['c']), plugin('b'), plugin('c')]).map((p) => p.name)).toEqual(['c', 'a', 'b'])
  })

  it.each([
    [[plugin('a'), plugin('a')], 'Plugin a: is registered twice.'],
    [[plugin('a', ['missing'])], 'Plugin a: needs plugin missing, which is not registered.'],
    [[plugin('a', ['b']), plugin('b', ['a'])], 'has a circular dependency'],
    [[plugin('a', [], '^9.0.0')], `Plugin a: needs @sluice/core ^9.0.0, but this is ${CORE_VERSION}.`],
    [[plugin('a', [], 'not a range')], 'needs @sluice/core not a range'],
  ])('rejects bad plugin metadata (%#)', (plugins, message) => {
    expect(() => orderPlugins(plugins)).toThrow(message)
  })

  it('CORE_VERSION matches package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(CORE_VERSION).toBe(pkg.version)
  })
})
