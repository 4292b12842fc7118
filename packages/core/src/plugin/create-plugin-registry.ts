import type { RuntimeConfig } from '../config/runtime-config.js'
import type { Provider, SluiceContainer } from '../di/container.js'
import type { Token } from '../di/token.js'
import { SECURITY_STAGE_TOKENS } from '../di/tokens.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { PipelineHooks } from '../pipeline/pipeline-hooks.js'
import type { Logger } from '../request/logger.js'
import type { PluginRegistry } from './plugin-registry.js'

/** A registry for one plugin; `seal()` makes every later call fail with `SLUICE_ERR_REGISTER_AFTER_START`. */
export interface SealableRegistry {
  forPlugin(name: string): PluginRegistry
  readonly hooks: readonly PipelineHooks[]
  seal(): void
}

export function createPluginRegistry(container: SluiceContainer, config: RuntimeConfig, log: Logger): SealableRegistry {
  const hooks: PipelineHooks[] = []
  let sealed = false
  const open = (what: string): void => {
    if (sealed) throw new SluiceError('SLUICE_ERR_REGISTER_AFTER_START', { what })
  }
  return {
    hooks,
    seal: () => {
      sealed = true
    },
    forPlugin: (plugin) => ({
      config,
      log: log.child({ plugin }),
      provide<T>(token: Token<T>, provider: Provider<T>, options?: { readonly allowSecurityOverride?: boolean }): void {
        open(`provide ${token.description ?? 'a token'}`)
        if (SECURITY_STAGE_TOKENS.has(token) && options?.allowSecurityOverride !== true) {
          throw new SluiceError('SLUICE_ERR_STAGE_OVERRIDE', { plugin, stage: token.description ?? 'stage' })
        }
        container.register(token, provider)
      },
      addHooks(h: PipelineHooks): void {
        open('add pipeline hooks')
        hooks.push(Object.freeze({ ...h, name: h.name ?? plugin }))
      },
    }),
  }
}
