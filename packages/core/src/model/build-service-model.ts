import type { EntityConfig, RuntimeConfig } from '../config/runtime-config.js'
import type { DialectCapabilities } from '../dialect/dialect-capabilities.js'
import { SluiceError } from '../errors/sluice-error.js'
import { deepFreeze } from '../util/deep-freeze.js'
import { invariant } from '../util/invariant.js'
import { buildEntityFields } from './build-entity-fields.js'
import { buildEntityPermissions } from './build-entity-permissions.js'
import { buildProcedureModel } from './build-procedure-model.js'
import { buildRelationships, listLinkingObjects } from './build-relationships.js'
import {
  formatQualifiedName,
  qualifiedKey,
  type DatabaseMetadata,
  type ObjectMetadata,
  type SourceObject,
} from './database-metadata.js'
import { parseObjectName } from './parse-object-name.js'
import type { EntityModel, ServiceModel } from './service-model.js'

/**
 * The objects start-up must introspect in one data source (every source when `dataSource` is omitted): each
 * entity's `source.object`, parsed, then the linking objects of relationships that are not entities themselves.
 * Malformed names are left to the model.
 */
export function listSourceObjects(config: RuntimeConfig, dataSource?: string): SourceObject[] {
  const out: SourceObject[] = []
  const seen = new Set<string>()
  // One data source's entities (all of them for a single-source config).
  const entities = [...config.entities.values()].filter((e) => dataSource === undefined || e.dataSource === dataSource)
  for (const entity of entities) {
    const name = parseObjectName(entity.source.object)
    if (name !== undefined) {
      out.push({ name, type: entity.source.type })
      seen.add(qualifiedKey(name))
    }
  }
  for (const entity of entities) {
    for (const name of listLinkingObjects(entity)) {
      if (seen.has(qualifiedKey(name))) continue
      seen.add(qualifiedKey(name))
      out.push({ name, type: 'table' })
    }
  }
  return out
}

/**
 * Joins config and database metadata into the immutable service model. Every mismatch — a missing object or
 * column, clashing API names, permissions naming unknown fields, relationships that cannot be built — is collected,
 * and all of them are reported together in one `SLUICE_ERR_MODEL`. What Data API builder tolerates at start-up (a
 * `fields` entry naming a missing column, a policy it only rejects per request) becomes `ServiceModel.warnings`.
 */
export function buildServiceModel(
  config: RuntimeConfig,
  metadata: DatabaseMetadata | ReadonlyMap<string, DatabaseMetadata>,
  capabilities: DialectCapabilities | ReadonlyMap<string, DialectCapabilities>,
): ServiceModel {
  // Per data source (a map by name), or one for every entity.
  const metadataOf = (entity: EntityConfig): DatabaseMetadata =>
    isMap(metadata) ? bySource(metadata, entity) : metadata
  const capabilitiesOf = (entity: EntityConfig): DialectCapabilities =>
    isMap(capabilities) ? bySource(capabilities, entity) : capabilities
  const problems: string[] = []
  const warnings: string[] = []
  const entities = new Map<string, EntityModel>()
  // Each entity's object as introspected: metadata is keyed by names as config wrote them (`books`), while models
  // hold them resolved (`public.books`), so later lookups go through the entity, never through the name again.
  const objects = new Map<string, ObjectMetadata>()
  for (const entity of config.entities.values()) {
    const at = describeEntityPath(entity)
    const report = (message: string): void => {
      problems.push(`${at}: ${message}`)
    }
    const warn = (message: string): void => {
      warnings.push(`${at}: ${message}`)
    }
    const built = buildEntity(entity, metadataOf(entity), capabilitiesOf(entity), report, warn)
    if (built !== undefined) {
      entities.set(entity.name, built.model)
      objects.set(entity.name, built.object)
    }
  }
  // Relationships need every target built first; the entity is replaced by a copy that holds them (start-up only).
  for (const [name, model] of [...entities]) {
    const report = (message: string): void => {
      problems.push(`${describeEntityPath(model.config)}: ${message}`)
    }
    const relationships = buildRelationships(
      model.config,
      model,
      entities,
      (entity) => objects.get(entity.name),
      metadataOf(model.config),
      report,
    )
    if (relationships.size > 0) entities.set(name, { ...model, relationships })
  }
  if (problems.length > 0) {
    throw new SluiceError('SLUICE_ERR_MODEL', {
      count: problems.length,
      problems: problems.map((p) => `  - ${p}`).join('\n'),
    })
  }
  return deepFreeze({ config, entities, warnings })
}

function buildEntity(
  entity: EntityConfig,
  metadata: DatabaseMetadata,
  capabilities: DialectCapabilities,
  report: (message: string) => void,
  warn: (message: string) => void,
): { model: EntityModel; object: ObjectMetadata } | undefined {
  const name = parseObjectName(entity.source.object)
  if (name === undefined) {
    report(
      `source.object ${JSON.stringify(entity.source.object)} is not a valid object name (write name, schema.name or "quoted"."names").`,
    )
    return undefined
  }
  if (entity.source.type === 'stored-procedure' && !capabilities.storedProcedures) {
    report(`stored procedures are not supported on this database engine (source ${formatQualifiedName(name)}).`)
    return undefined
  }
  const object = metadata.objects.get(qualifiedKey(name))
  if (object === undefined) {
    const where =
      name.schema === undefined && metadata.defaultSchema !== undefined
        ? ` (looked in the search path, default schema '${metadata.defaultSchema}')`
        : ''
    report(
      `${entity.source.type} ${formatQualifiedName(name)} was not found in the database${where}. Names are case-sensitive.`,
    )
    return undefined
  }
  if (object.kind !== entity.source.type) {
    report(
      `source ${formatQualifiedName(object.name)} is a ${object.kind} in the database, but source.type says ${entity.source.type}.`,
    )
    return undefined
  }
  const fields = buildEntityFields(entity, object, report, warn)
  if (fields === undefined) return undefined
  const permissions = buildEntityPermissions(entity, fields.fieldsByName, fields.byColumn, report, warn)
  const procedure =
    entity.source.type === 'stored-procedure' ? buildProcedureModel(entity, object, fields.fields, report) : undefined
  if (entity.source.type === 'stored-procedure' && procedure === undefined) return undefined
  const restPath = entity.rest.path ?? entity.name
  const model: EntityModel = {
    name: entity.name,
    dataSource: entity.dataSource,
    kind: entity.source.type,
    source: object.name,
    description: entity.description,
    fields: fields.fields,
    fieldsByName: fields.fieldsByName,
    keyFields: fields.keyFields,
    keyIsUnique: isUniqueKey(
      fields.keyFields.map((f) => f.column),
      object,
    ),
    rest: {
      enabled: entity.rest.enabled,
      path: restPath,
      methods:
        entity.source.type === 'stored-procedure'
          ? (entity.rest.methods ?? ['post'])
          : ['get', 'post', 'put', 'patch', 'delete'],
    },
    graphql: entity.graphql,
    permissions,
    // Filled by buildRelationships once every entity exists (targets may come later in config order).
    relationships: new Map(),
    procedure,
    config: entity,
  }
  return { model, object }
}

/** `entities.Book`, or for a generated entity `entities.dbo_books (generated by autoentities.all)`. */
function describeEntityPath(entity: EntityConfig): string {
  return entity.autoentity === undefined
    ? `entities.${entity.name}`
    : `entities.${entity.name} (generated by autoentities.${entity.autoentity})`
}

function isUniqueKey(columns: readonly string[], object: ObjectMetadata): boolean {
  const same = (unique: readonly string[]): boolean =>
    unique.length === columns.length && unique.every((c) => columns.includes(c))
  return object.kind === 'table' && (same(object.primaryKey) || object.uniqueConstraints.some(same))
}

function bySource<T>(map: ReadonlyMap<string, T>, entity: EntityConfig): T {
  const found = map.get(entity.dataSource)
  invariant(found !== undefined, `data source ${entity.dataSource} was opened at start-up`)
  return found
}

function isMap<T>(value: T | ReadonlyMap<string, T>): value is ReadonlyMap<string, T> {
  return value instanceof Map
}
