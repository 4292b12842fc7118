import { addCommand } from './add-command.js'
import { addTelemetryCommand } from './add-telemetry-command.js'
import { autoConfigCommand } from './auto-config-command.js'
import { autoConfigSimulateCommand } from './auto-config-simulate-command.js'
import { configureCommand } from './configure-command.js'
import { exportCommand } from './export-command.js'
import { initCommand } from './init-command.js'
import type { ConfigVerb } from './run-config-verb.js'
import { updateCommand } from './update-command.js'

/** The verbs that write config files, `export` and `auto-config-simulate`, each with Data API builder's flags. */
export const CONFIG_VERBS: readonly ConfigVerb[] = [
  initCommand, addCommand, updateCommand, configureCommand, addTelemetryCommand, autoConfigCommand, exportCommand, autoConfigSimulateCommand,
]
