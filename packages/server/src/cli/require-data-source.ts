import { CliError } from './cli-error.js'
import { isJsonObject, type ConfigDocument } from './config-document.js'

/** Entities and data-source settings live in a config with a data source; a root of `data-source-files` has none. */
export function requireDataSource(document: ConfigDocument, verb: string): void {
  if (isJsonObject(document.json['data-source'])) return
  throw new CliError(
    `Cannot ${verb === 'configure' ? 'configure' : `${verb} an entity in`} '${document.file}' because it has no data source. ` +
      `If this is a root config (uses data-source-files), run 'sluice ${verb}' against the specific child config file instead.`,
  )
}
