import type { SluicePlugin } from '@sluice/core'
import type { Telemetry } from './telemetry.js'

/** Adds the query-span pipeline hooks of a started `Telemetry` (see `startTelemetry`). */
export function telemetryPlugin(telemetry: Telemetry): SluicePlugin {
  return {
    name: '@sluice/plugin-telemetry',
    core: '^0.1.0',
    register(registry) {
      registry.addHooks(telemetry.hooks)
    },
  }
}
