import { CliError } from './cli-error.js'
import { isJsonObject, readConfigDocument, writeConfigDocument } from './config-document.js'
import { ENTITY_OPTIONS } from './entity-options.js'
import { findConfigFileToEdit } from './find-config-file.js'
import { requireDataSource } from './require-data-source.js'
import type { ConfigVerb } from './run-config-verb.js'
import { updateEntity } from './update-entity.js'
import { workingDirectory } from './working-directory.js'

/** `sluice update <Entity>`: changes one entity as `dab update` does, leaving everything it is not told about as written. */
export const updateCommand: ConfigVerb = {
  name: 'update',
  summary: 'Update an existing entity in the configuration file.',
  argument: { name: 'entity', description: 'Name of the entity' },
  options: [
    { flags: '-s, --source <object>', description: 'Name of the source database object' },
    {
      flags: '--permissions <role:actions...>',
      description: 'Permissions of one role, "role:action1,action2" (merged into the role\'s actions)',
    },
    { flags: '--relationship <name>', description: 'Relationship to add or replace' },
    { flags: '--cardinality <cardinality>', description: 'Relationship cardinality: one or many' },
    { flags: '--target.entity <entity>', description: 'The entity the relationship points to' },
    { flags: '--linking.object <object>', description: 'Database object linking the two (many-to-many)' },
    {
      flags: '--linking.source.fields <fields...>',
      description: 'Linking-object columns that match the source entity',
    },
    {
      flags: '--linking.target.fields <fields...>',
      description: 'Linking-object columns that match the target entity',
    },
    { flags: '--relationship.fields <source:target...>', description: 'Source and target columns, "a,b:c,d"' },
    {
      flags: '-m, --map <column:alias...>',
      description: 'Exposed names of columns, "column1:alias1,column2:alias2" (written as fields)',
    },
    ...ENTITY_OPTIONS,
  ],
  examples: [
    'sluice update Book --permissions "authenticated:create,update" --fields.exclude "price"',
    'sluice update Book --relationship publisher --target.entity Publisher --cardinality one --relationship.fields "publisher_id:id"',
    'sluice update Book --relationship authors --target.entity Author --cardinality many --linking.object book_author --linking.source.fields book_id --linking.target.fields author_id',
    'sluice update Book --map "published:publishedOn,isbn:ISBN"',
  ],
  run({ argument: name, options }, out) {
    if (name === undefined || name.trim() === '')
      throw new CliError('Entity name is missing. Usage: sluice update [entity-name] [update-options]')
    const document = readConfigDocument(findConfigFileToEdit(options.string('config'), workingDirectory()))
    requireDataSource(document, 'update')
    const entities = document.json['entities']
    const current = isJsonObject(entities) ? entities[name] : undefined
    if (!isJsonObject(current)) throw new CliError(`Entity: '${name}' not found. Please add the entity first.`)
    const next = structuredClone(document.json)
    ;(next['entities'] as Record<string, unknown>)[name] = updateEntity(current, options, document.json, out.warn)
    writeConfigDocument(document, next)
    out.info(`Updated the entity: ${name}.`)
  },
  failure: (parsed) => `Could not update the entity: ${parsed?.argument ?? ''}.`,
}
