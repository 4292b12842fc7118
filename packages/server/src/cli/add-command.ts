import { pluralize } from '@sluice/core'
import {
  readCacheOptions,
  readGraphQLOperation,
  readGraphQLOption,
  readHealthEnabled,
  readMcpOptions,
  readRestMethods,
  readRestOption,
  writeMcp,
} from './build-api-options.js'
import { createActions, readActionExtras, readPermissionArgument } from './build-permissions.js'
import { checkSourcePairing, readParameterOptions, readSourceTypeOption, writeSource } from './build-source.js'
import { CliError } from './cli-error.js'
import { objectAt, readConfigDocument, writeConfigDocument, type JsonObject } from './config-document.js'
import { ENTITY_OPTIONS } from './entity-options.js'
import { findConfigFileToEdit } from './find-config-file.js'
import { mergeEntityFields, readFieldChanges } from './merge-entity-fields.js'
import type { ParsedVerb } from './parse-verb-arguments.js'
import { requireDataSource } from './require-data-source.js'
import type { ConfigVerb } from './run-config-verb.js'
import { workingDirectory } from './working-directory.js'

/** `sluice add <Entity>`: a new entity, written in `dab add`'s shape. */
export const addCommand: ConfigVerb = {
  name: 'add',
  summary: 'Add a new entity to the configuration file.',
  argument: { name: 'entity', description: 'Name of the entity' },
  options: [
    { flags: '-s, --source <object>', description: 'Name of the source database object (required)' },
    {
      flags: '--permissions <role:actions...>',
      description:
        'Permissions of one role, "role:action1,action2" (required); actions create, read, update, delete, execute, *',
    },
    ...ENTITY_OPTIONS,
  ],
  examples: [
    'sluice add Book --source dbo.books --permissions "anonymous:read"',
    'sluice add Book --source books --permissions "authenticated:*" --graphql "book:books" --rest true',
    'sluice add GetBooks --source dbo.get_books --source.type stored-procedure --permissions "anonymous:execute" --parameters.name "year" --parameters.required true --rest.methods "get" --graphql.operation query',
  ],
  run({ argument: name, options }, out) {
    if (name === undefined || name.trim() === '')
      throw new CliError('Entity name is missing. Usage: sluice add [entity-name] [add-options]')
    const object = options.string('source')
    if (object === undefined || object.trim() === '')
      throw new CliError('Required option -s/--source is missing: name the database object.')
    if (!options.has('permissions'))
      throw new CliError(
        'Required option --permissions is missing. Please add permission in the following format. --permissions "<<role>>:<<actions>>"',
      )
    const document = readConfigDocument(findConfigFileToEdit(options.string('config'), workingDirectory()))
    requireDataSource(document, 'add')
    const next = structuredClone(document.json)
    const entities = objectAt(next, 'entities')
    if (Object.hasOwn(entities, name))
      throw new CliError(`Entity '${name}' is already present. No new changes are added to Config.`)

    const type = readSourceTypeOption(options) ?? 'table'
    const isProcedure = type === 'stored-procedure'
    const parameters = readParameterOptions(options, out.warn)
    const fieldChanges = readFieldChanges(options)
    checkSourcePairing(type, parameters !== undefined, fieldChanges.keyFields !== undefined)
    const permission = readPermissionArgument(options, isProcedure)!
    const extras = readActionExtras(options)
    if (!isProcedure && options.has('graphql.operation'))
      throw new CliError('--graphql.operation can be configured only for stored procedures.')
    if (!isProcedure && options.has('rest.methods'))
      throw new CliError('--rest.methods can be configured only for stored procedures.')

    const rest = readRestOption(options) ?? { enabled: true }
    const methods = readRestMethods(options)
    const graphql = readGraphQLOption(options) ?? { enabled: true }
    const operation = readGraphQLOperation(options)
    if (isProcedure && graphql.enabled === false && operation !== undefined)
      throw new CliError('Conflicting GraphQL configurations found.')
    if (isProcedure && rest.enabled === false && methods !== undefined)
      throw new CliError('Conflicting Rest configurations found.')
    const cache = readCacheOptions(options)
    const health = readHealthEnabled(options)
    const mcp = readMcpOptions(options, isProcedure)
    const fields = mergeEntityFields({}, fieldChanges)
    if (type === 'view' && !fields?.some((f) => f['primary-key'] === true)) {
      out.warn(
        `View '${object}' has no key fields (--source.key-fields): its lists can be read, but reads by key answer 400 and writes are refused.`,
      )
    }
    const singular = graphql.singular ?? name
    const description = options.string('description')
    const entity: JsonObject = {
      ...(description?.trim() ? { description } : {}),
      source: writeSource({
        object,
        type,
        ...(parameters === undefined
          ? {}
          : {
              parameters: parameters.map((p) => ({
                name: p['name'],
                ...pickDefined(p, 'description'),
                required: p['required'] ?? false,
                ...pickDefined(p, 'default'),
              })),
            }),
      }),
      ...(fields === undefined ? {} : { fields }),
      graphql: {
        enabled: graphql.enabled,
        ...(isProcedure ? { operation: operation ?? 'mutation' } : {}),
        type: { singular, plural: graphql.plural ?? pluralize(singular) },
      },
      rest: { ...rest, ...(isProcedure ? { methods: methods ?? ['post'] } : {}) },
      permissions: [{ role: permission.role, actions: createActions(permission.actions, extras) }],
      ...(cache === undefined ? {} : { cache }),
      ...(health === undefined ? {} : { health: { enabled: health } }),
      ...(mcp === undefined ? {} : { mcp: writeMcp(mcp) }),
    }
    entities[name] = entity
    writeConfigDocument(document, next)
    out.info(
      `Added new entity: ${name} with source: ${object} and permissions: ${describePermissions({ argument: name, options })}.`,
    )
    out.info("SUGGESTION: Use 'sluice update [entity-name] [options]' to update any entities in your config.")
  },
  failure: (parsed) =>
    `Could not add entity: ${parsed?.argument ?? ''} with source: ${parsed?.options.string('source') ?? ''} and permissions: ${parsed === undefined ? '' : describePermissions(parsed)}.`,
}

function describePermissions(parsed: ParsedVerb): string {
  return (parsed.options.list('permissions') ?? []).join(':')
}

function pickDefined(object: JsonObject, key: string): JsonObject {
  return object[key] === undefined ? {} : { [key]: object[key] }
}
