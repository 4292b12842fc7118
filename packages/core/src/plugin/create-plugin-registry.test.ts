import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config/load-config.js'
import { SluiceContainer } from '../di/container.js'
import { createToken } from '../di/token.js'
import { Tokens } from '../di/tokens.js'
import { silentLogger } from '../request/logger.js'
import { createPluginRegistry } from './create-plugin-registry.js'

const config = parseConfig(
  { 'data-source': { 'database-type': 'pglite', 'connection-string': '' }, entities: {} },
  { baseDir: '/' },
)

describe('createPluginRegistry', () => {
  it('lets plugins provide tokens and add hooks named after the plugin', () => {
    const container = new SluiceContainer()
    const registry = createPluginRegistry(container, config, silentLogger)
    const token = createToken<string>('Greeting')
    registry.forPlugin('p').provide(token, { useValue: 'hi' })
    registry.forPlugin('p').addHooks({})
    expect(container.resolve(token)).toBe('hi')
    expect(registry.hooks[0]?.name).toBe('p')
  })

  it('refuses to replace a security stage without allowSecurityOverride', () => {
    const registry = createPluginRegistry(new SluiceContainer(), config, silentLogger)
    expect(() =>
      registry.forPlugin('p').provide(Tokens.AuthorizeStage, { useValue: { run: (r: never) => r } }),
    ).toThrow('Plugin p replaces the security stage')
    expect(() =>
      registry
        .forPlugin('p')
        .provide(Tokens.FieldFilterStage, { useValue: { run: (r: never) => r } }, { allowSecurityOverride: true }),
    ).not.toThrow()
  })

  it('refuses registrations after start-up', () => {
    const registry = createPluginRegistry(new SluiceContainer(), config, silentLogger)
    registry.seal()
    expect(() => registry.forPlugin('p').addHooks({})).toThrow(
      'Cannot add pipeline hooks after the server has started.',
    )
  })
})
