import type { ConfigVerb } from './run-config-verb.js'

/**
 * The verbs that write config files, `export` and `auto-config-simulate`, each with Data API builder's flags. Each is
 * imported only when it runs: `export` and `auto-config-simulate` boot the engine, the others only edit JSON.
 */
export const CONFIG_VERBS: Readonly<Record<string, () => Promise<ConfigVerb>>> = {
  init: async () => (await import('./init-command.js')).initCommand,
  add: async () => (await import('./add-command.js')).addCommand,
  update: async () => (await import('./update-command.js')).updateCommand,
  configure: async () => (await import('./configure-command.js')).configureCommand,
  'add-telemetry': async () => (await import('./add-telemetry-command.js')).addTelemetryCommand,
  'auto-config': async () => (await import('./auto-config-command.js')).autoConfigCommand,
  export: async () => (await import('./export-command.js')).exportCommand,
  'auto-config-simulate': async () => (await import('./auto-config-simulate-command.js')).autoConfigSimulateCommand,
}
