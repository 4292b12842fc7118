import {
  readCacheOptions,
  readGraphQLOperation,
  readGraphQLOption,
  readHealthEnabled,
  readMcpOptions,
  readMcpSwitches,
  readRestMethods,
  readRestOption,
  writeMcp,
} from './build-api-options.js'
import {
  hasOnlyExecutePermissions,
  mergePermissions,
  readActionExtras,
  readPermissionArgument,
} from './build-permissions.js'
import { readRelationship } from './build-relationship.js'
import {
  checkSourcePairing,
  mergeParameters,
  readParameterOptions,
  readSourceParts,
  readSourceTypeOption,
  writeSource,
} from './build-source.js'
import { CliError } from './cli-error.js'
import { isJsonObject, type JsonObject } from './config-document.js'
import { mergeEntityFields, readFieldChanges } from './merge-entity-fields.js'
import type { VerbOptions } from './verb-options.js'

/**
 * `dab update` applied to one entity's JSON: only what the flags name changes, the rest of the entity is kept as
 * written (Data API builder re-serializes the whole file instead). Checks and messages are `dab`'s. `config` is the
 * whole file (relationship targets and the global GraphQL switch are checked against it).
 */
export function updateEntity(
  current: JsonObject,
  options: VerbOptions,
  config: JsonObject,
  warn: (message: string) => void,
): JsonObject {
  const next = structuredClone(current)
  const before = readSourceParts(current['source'])
  const givenType = readSourceTypeOption(options)
  const type = givenType ?? before.type
  const wasProcedure = before.type === 'stored-procedure'
  const isProcedure = type === 'stored-procedure'
  const converted = wasProcedure !== isProcedure
  const parameters = readParameterOptions(options, warn)
  const fieldChanges = readFieldChanges(options)

  if (
    options.has('source') ||
    givenType !== undefined ||
    parameters !== undefined ||
    fieldChanges.keyFields !== undefined
  ) {
    checkSourcePairing(type, parameters !== undefined, fieldChanges.keyFields !== undefined)
    if (converted) {
      warn(
        "Stored procedures can be configured only with 'execute' action whereas tables/views are configured with CRUD actions. Update the actions configured for all the roles for this entity.",
      )
    }
    const merged =
      parameters === undefined
        ? before.parameters
        : options.has('parameters.name')
          ? mergeParameters(before.parameters ?? [], parameters)
          : parameters
    next['source'] = writeSource({
      object: options.string('source') ?? before.object,
      type,
      ...(isProcedure && merged !== undefined ? { parameters: merged } : {}),
      ...(!isProcedure && before.keyFields !== undefined ? { keyFields: before.keyFields } : {}),
    })
  }

  const operation = readGraphQLOperation(options)
  const methods = readRestMethods(options)
  if (operation !== undefined && !(wasProcedure || isProcedure))
    throw new CliError('--graphql.operation can be configured only for stored procedures.')
  if (methods !== undefined && !(wasProcedure || isProcedure))
    throw new CliError('--rest.methods can be configured only for stored procedures.')
  const restOption = readRestOption(options)
  const graphqlOption = readGraphQLOption(options)
  if (isProcedure && graphqlOption?.enabled === false && operation !== undefined)
    throw new CliError('Conflicting GraphQL configurations found.')
  if (isProcedure && restOption?.enabled === false && methods !== undefined)
    throw new CliError('Conflicting Rest configurations found.')

  if (restOption !== undefined || methods !== undefined || converted)
    next['rest'] = updateRest(current['rest'], restOption, methods, isProcedure)
  if (graphqlOption !== undefined || operation !== undefined || converted) {
    next['graphql'] = updateGraphQL(current['graphql'], graphqlOption, operation, isProcedure)
    if (graphqlOption?.enabled === false)
      warn('Disabling GraphQL for this entity will restrict its usage in relationships')
  }

  const permission = readPermissionArgument(options, isProcedure)
  const extras = readActionExtras(options)
  if (permission !== undefined) {
    next['permissions'] = mergePermissions(current['permissions'], permission, extras, isProcedure)
  } else {
    if (extras.fields !== undefined)
      throw new CliError('--permissions is mandatory with --fields.include and --fields.exclude.')
    if (extras.policy !== undefined)
      throw new CliError('--permissions is mandatory with --policy-request and --policy-database.')
    if (isProcedure && !hasOnlyExecutePermissions(current['permissions']))
      throw new CliError('Stored Procedure supports only execute operation.')
  }

  const relationship = readRelationship(options, config)
  if (relationship !== undefined) {
    next['relationships'] = {
      ...(isJsonObject(current['relationships']) ? current['relationships'] : {}),
      [relationship.name]: relationship.relationship,
    }
  }

  const fields = mergeEntityFields(current, fieldChanges)
  if (fields !== undefined) {
    next['fields'] = fields
    delete next['mappings']
    if (isJsonObject(next['source'])) delete next['source']['key-fields']
  }

  const cache = readCacheOptions(options)
  if (cache !== undefined) next['cache'] = { ...(isJsonObject(current['cache']) ? current['cache'] : {}), ...cache }
  const health = readHealthEnabled(options)
  if (health !== undefined)
    next['health'] = { ...(isJsonObject(current['health']) ? current['health'] : {}), enabled: health }
  const mcp = readMcpOptions(options, isProcedure)
  if (mcp !== undefined) {
    const switches = { ...readMcpSwitches(current['mcp']) }
    next['mcp'] = writeMcp({
      dmlTools: mcp.dmlTools ?? switches.dmlTools,
      customTool: mcp.customTool ?? switches.customTool,
    })
  }
  const description = options.string('description')
  if (description !== undefined && description.trim() !== '') next['description'] = description
  return next
}

/**
 * A boolean `--rest` switches REST and keeps a custom path; a path sets it. Stored procedures keep or get their
 * methods (`post` when one is made a procedure); other entities lose them.
 */
function updateRest(
  raw: unknown,
  option: { enabled: boolean; path?: string } | undefined,
  methods: string[] | undefined,
  isProcedure: boolean,
): JsonObject {
  const rest: JsonObject =
    typeof raw === 'boolean'
      ? { enabled: raw }
      : typeof raw === 'string'
        ? { enabled: true, path: raw }
        : isJsonObject(raw)
          ? { ...raw }
          : { enabled: true }
  if (option !== undefined) {
    rest['enabled'] = option.enabled
    if (option.path !== undefined) rest['path'] = option.path
  }
  if (!isProcedure) delete rest['methods']
  else if (methods !== undefined) rest['methods'] = methods
  else if (!Array.isArray(rest['methods'])) rest['methods'] = ['post']
  return { enabled: rest['enabled'] ?? true, ...rest }
}

/** A boolean `--graphql` switches GraphQL and keeps the type names; a name sets them. Procedures keep or get an operation. */
function updateGraphQL(
  raw: unknown,
  option: { enabled: boolean; singular?: string; plural?: string } | undefined,
  operation: string | undefined,
  isProcedure: boolean,
): JsonObject {
  const graphql: JsonObject =
    typeof raw === 'boolean'
      ? { enabled: raw }
      : typeof raw === 'string'
        ? { enabled: true, type: raw }
        : isJsonObject(raw)
          ? { ...raw }
          : { enabled: true }
  if (option !== undefined) {
    graphql['enabled'] = option.enabled
    if (option.singular !== undefined) graphql['type'] = { singular: option.singular, plural: option.plural }
  }
  if (!isProcedure) delete graphql['operation']
  else if (operation !== undefined) graphql['operation'] = operation
  else if (graphql['operation'] === undefined) graphql['operation'] = 'mutation'
  return { enabled: graphql['enabled'] ?? true, ...graphql }
}
