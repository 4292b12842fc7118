import type { RuntimeConfig } from '../config/runtime-config.js'
import type { Provider } from '../di/container.js'
import type { Token } from '../di/token.js'
import type { PipelineHooks } from '../pipeline/pipeline-hooks.js'
import type { Logger } from '../request/logger.js'

/** What a plugin's `register` may touch. Everything registered here is fixed before the server listens. */
export interface PluginRegistry {
  readonly config: RuntimeConfig
  readonly log: Logger
  /**
   * Provides (or replaces) the value of a token. Replacing a security stage (authorize, field-filter) fails with
   * `SLUICE_ERR_STAGE_OVERRIDE` unless `allowSecurityOverride` is set.
   */
  provide<T>(token: Token<T>, provider: Provider<T>, options?: { readonly allowSecurityOverride?: boolean }): void
  addHooks(hooks: PipelineHooks): void
}
