import semver from 'semver'
import { SluiceError } from '../errors/sluice-error.js'
import { CORE_VERSION } from './core-version.js'
import type { SluicePlugin } from './sluice-plugin.js'

/**
 * Checks plugin metadata at boot (fastify's checkVersion/checkDependencies): unique names, a `core` range this
 * core satisfies, dependencies present. Returns the plugins in an order where dependencies come first, otherwise
 * keeping the given order.
 */
export function orderPlugins<P extends SluicePlugin>(plugins: readonly P[]): P[] {
  const byName = new Map<string, P>()
  for (const plugin of plugins) {
    if (byName.has(plugin.name))
      throw new SluiceError('SLUICE_ERR_PLUGIN', { plugin: plugin.name, detail: 'is registered twice.' })
    if (!semver.validRange(plugin.core) || !semver.satisfies(CORE_VERSION, plugin.core, { includePrerelease: true })) {
      throw new SluiceError('SLUICE_ERR_PLUGIN', {
        plugin: plugin.name,
        detail: `needs @sluice/core ${plugin.core}, but this is ${CORE_VERSION}.`,
      })
    }
    byName.set(plugin.name, plugin)
  }
  const ordered: P[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (plugin: P): void => {
    const s = state.get(plugin.name)
    if (s === 'done') return
    if (s === 'visiting')
      throw new SluiceError('SLUICE_ERR_PLUGIN', { plugin: plugin.name, detail: 'has a circular dependency.' })
    state.set(plugin.name, 'visiting')
    for (const dep of plugin.dependencies ?? []) {
      const target = byName.get(dep)
      if (target === undefined)
        throw new SluiceError('SLUICE_ERR_PLUGIN', {
          plugin: plugin.name,
          detail: `needs plugin ${dep}, which is not registered.`,
        })
      visit(target)
    }
    state.set(plugin.name, 'done')
    ordered.push(plugin)
  }
  for (const plugin of plugins) visit(plugin)
  return ordered
}
