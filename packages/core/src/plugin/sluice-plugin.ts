import type { PluginRegistry } from './plugin-registry.js'

/**
 * Every plugin: its npm name, the @sluice/core versions it works with, the plugins it needs first, and an optional
 * `register` that contributes providers and hooks before start-up completes (never later).
 */
export interface SluicePlugin {
  readonly name: string
  /** Semver range of @sluice/core this plugin was built for, e.g. `^0.1.0`. Checked at boot. */
  readonly core: string
  /** Names of plugins that must be registered before this one. */
  readonly dependencies?: readonly string[]
  register?(registry: PluginRegistry): void | Promise<void>
}
