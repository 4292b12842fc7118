import { applyConfigureSettings } from './apply-configure-settings.js'
import { readConfigDocument, writeConfigDocument } from './config-document.js'
import { CONFIGURE_SETTINGS } from './configure-settings.js'
import { DIALECT_DATABASE_TYPES } from './dialect-database-types.js'
import { findConfigFileToEdit } from './find-config-file.js'
import { requireDataSource } from './require-data-source.js'
import type { ConfigVerb } from './run-config-verb.js'
import { describeEffectivePermissions } from './show-effective-permissions.js'
import { workingDirectory } from './working-directory.js'

const VALUE_NAMES = {
  boolean: '<bool>',
  integer: '<n>',
  string: '<value>',
  list: '<values...>',
  choice: '<value>',
  path: '<path>',
} as const

/** `sluice configure`: runtime, data-source, Key Vault and telemetry settings, one flag per config key, as `dab configure`. */
export const configureCommand: ConfigVerb = {
  name: 'configure',
  summary: 'Configure the non-entity sections of the configuration file (data source, runtime, azure-key-vault).',
  options: [
    ...CONFIGURE_SETTINGS.map((s) => ({ flags: `--${s.flag} ${VALUE_NAMES[s.kind]}`, description: s.description })),
    {
      flags: '--show-effective-permissions [bool]',
      description: "List each entity's roles and actions, inherited ones included",
    },
  ],
  examples: [
    'sluice configure --runtime.graphql.depth-limit 10 --runtime.pagination.max-page-size 1000',
    'sluice configure --data-source.connection-string "@env(\'DATABASE_URL\')" --runtime.host.mode production',
    'sluice configure --runtime.host.authentication.provider EntraID --runtime.host.authentication.jwt.audience api://app --runtime.host.authentication.jwt.issuer https://login.microsoftonline.com/tenant/v2.0',
  ],
  async run({ options }, out) {
    const document = readConfigDocument(findConfigFileToEdit(options.string('config'), workingDirectory()))
    if (options.boolean('show-effective-permissions') === true) {
      for (const line of describeEffectivePermissions(document.json)) out.info(line)
      return
    }
    requireDataSource(document, 'configure')
    const next = structuredClone(document.json)
    applyConfigureSettings(next, options, DIALECT_DATABASE_TYPES, out)
    writeConfigDocument(document, next)
    out.info('Successfully updated runtime settings in the config file.')
  },
  failure: (parsed) =>
    parsed?.options.has('show-effective-permissions') === true
      ? 'Failed to display effective permissions.'
      : 'Failed to update runtime settings in the config file.',
}
