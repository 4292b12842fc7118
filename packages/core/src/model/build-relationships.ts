import type { EntityConfig, RelationshipConfig } from '../config/runtime-config.js'
import { didYouMean } from '../util/did-you-mean.js'
import { invariant } from '../util/invariant.js'
import {
  formatQualifiedName,
  qualifiedKey,
  type DatabaseMetadata,
  type ForeignKeyMetadata,
  type ObjectMetadata,
  type QualifiedName,
} from './database-metadata.js'
import { parseObjectName } from './parse-object-name.js'
import type { LinkingModel, RelationshipModel } from './relationship-model.js'
import type { EntityModel, FieldModel } from './service-model.js'

type Report = (message: string) => void
/** The object an entity was built from, as introspected. */
type ObjectOf = (entity: EntityModel) => ObjectMetadata | undefined

/**
 * Resolves one entity's `relationships` once every entity is built. Join fields come from config when given, else
 * from the foreign keys between the two objects (or between the linking object and each side). Every problem is
 * reported with the relationship's config path; a relationship with a problem is left out.
 */
export function buildRelationships(
  config: EntityConfig,
  source: EntityModel,
  entities: ReadonlyMap<string, EntityModel>,
  objectOf: ObjectOf,
  metadata: DatabaseMetadata,
  report: Report,
): Map<string, RelationshipModel> {
  const out = new Map<string, RelationshipModel>()
  if (config.relationships.size === 0) return out
  if (source.kind !== 'table') {
    report(`relationships: a ${source.kind} cannot have relationships (only tables can).`)
    return out
  }
  for (const rel of config.relationships.values()) {
    const say: Report = (message) => report(`relationships.${rel.name}: ${message}`)
    if (source.fieldsByName.has(rel.name)) {
      say(
        `the name is also a field of ${source.name}; a relationship needs a name of its own (it becomes a GraphQL field).`,
      )
      continue
    }
    const model = buildRelationship(rel, source, entities, objectOf, metadata, say)
    if (model !== undefined) out.set(rel.name, model)
  }
  return out
}

/** The linking objects config names, for the introspector (parsable names only; the model reports the rest). */
export function listLinkingObjects(config: EntityConfig): QualifiedName[] {
  const out: QualifiedName[] = []
  for (const rel of config.relationships.values()) {
    const name = rel.linkingObject === undefined ? undefined : parseObjectName(rel.linkingObject)
    if (name !== undefined) out.push(name)
  }
  return out
}

function buildRelationship(
  rel: RelationshipConfig,
  source: EntityModel,
  entities: ReadonlyMap<string, EntityModel>,
  objectOf: ObjectOf,
  metadata: DatabaseMetadata,
  say: Report,
): RelationshipModel | undefined {
  const target = entities.get(rel.targetEntity)
  if (target === undefined) {
    say(
      `target.entity '${rel.targetEntity}' is not an entity of this config (or has problems of its own).${didYouMean(rel.targetEntity, entities.keys())}`,
    )
    return undefined
  }
  if (target.kind === 'stored-procedure') {
    say(`target.entity '${target.name}' is a stored procedure; relationships need a table or view.`)
    return undefined
  }
  if (target.dataSource !== source.dataSource) {
    say(
      `target.entity '${target.name}' lives in data source ${target.dataSource}, ${source.name} in ${source.dataSource}; a relationship cannot join two data sources (each is a different database).`,
    )
    return undefined
  }
  if (rel.cardinality === 'many' && target.keyFields.length === 0) {
    say(
      `target.entity '${target.name}' has no key fields, so its related rows cannot be paged; mark its key column(s) in "fields" with "primary-key": true.`,
    )
    return undefined
  }
  const sourceObject = objectOf(source)
  const targetObject = objectOf(target)
  invariant(sourceObject !== undefined && targetObject !== undefined, 'every built entity has its introspected object')
  const sourceFields = resolveFields(rel.sourceFields, source, 'source.fields', say)
  const targetFields = resolveFields(rel.targetFields, target, 'target.fields', say)
  if (sourceFields === undefined || targetFields === undefined) return undefined

  if (rel.linkingObject !== undefined)
    return buildLinked(rel, source, target, sourceFields, targetFields, metadata, say)
  if (rel.linkingSourceFields.length > 0 || rel.linkingTargetFields.length > 0) {
    say('linking.source.fields and linking.target.fields need linking.object.')
    return undefined
  }

  let pair: { source: readonly FieldModel[]; target: readonly FieldModel[] } | undefined
  if (sourceFields.length > 0 && targetFields.length > 0) {
    if (sourceFields.length !== targetFields.length) {
      say(
        `source.fields has ${sourceFields.length} field(s) but target.fields has ${targetFields.length}; they pair up position by position.`,
      )
      return undefined
    }
    pair = { source: sourceFields, target: targetFields }
  } else {
    pair = inferPair(rel, source, target, sourceObject, targetObject, sourceFields, targetFields, say)
    if (pair === undefined) return undefined
  }
  if (!typesMatch(pair.source, pair.target, say)) return undefined
  // `one` is non-null only when a NOT NULL foreign key on the source guarantees the target row exists.
  const guaranteed =
    rel.cardinality === 'one' &&
    pair.source.every((f) => !f.nullable) &&
    sourceObject.foreignKeys.some((fk) => fkMatches(fk, targetObject.name, pair.source, pair.target))
  return freezeRelationship(rel, source, target, pair.source, pair.target, undefined, !guaranteed)
}

function buildLinked(
  rel: RelationshipConfig,
  source: EntityModel,
  target: EntityModel,
  sourceFields: readonly FieldModel[],
  targetFields: readonly FieldModel[],
  metadata: DatabaseMetadata,
  say: Report,
): RelationshipModel | undefined {
  const name = parseObjectName(rel.linkingObject!)
  if (name === undefined) {
    say(`linking.object ${JSON.stringify(rel.linkingObject)} is not a valid object name.`)
    return undefined
  }
  const linking = metadata.objects.get(qualifiedKey(name))
  if (linking === undefined || linking.kind === 'stored-procedure') {
    say(
      `linking.object ${formatQualifiedName(name)} was not found in the database as a table or view. Names are case-sensitive.`,
    )
    return undefined
  }
  const columns = new Set(linking.columns.map((c) => c.name))
  for (const c of [...rel.linkingSourceFields, ...rel.linkingTargetFields]) {
    if (!columns.has(c)) {
      say(
        `linking fields: column '${c}' does not exist in ${formatQualifiedName(linking.name)}.${didYouMean(c, columns)}`,
      )
      return undefined
    }
  }
  const sourceSide = linkSide(linking, source, sourceFields, rel.linkingSourceFields, 'source', target.source, say)
  if (sourceSide === undefined) return undefined
  const targetSide = linkSide(
    linking,
    target,
    targetFields,
    rel.linkingTargetFields,
    'target',
    source.source,
    say,
    sourceSide.fk,
  )
  if (targetSide === undefined) return undefined
  const model: LinkingModel = {
    object: linking.name,
    sourceColumns: sourceSide.linkColumns,
    targetColumns: targetSide.linkColumns,
  }
  return freezeRelationship(rel, source, target, sourceSide.fields, targetSide.fields, model, true)
}

/**
 * One side of a linking object: the entity's join fields and the linking columns they match. Given in config, or
 * inferred from the linking object's foreign key to that side (`exclude`: the key the other side already used, so a
 * self-referencing many-to-many can take its two keys in order).
 */
function linkSide(
  linking: ObjectMetadata,
  entity: EntityModel,
  fields: readonly FieldModel[],
  linkColumns: readonly string[],
  side: 'source' | 'target',
  other: QualifiedName,
  say: Report,
  exclude?: ForeignKeyMetadata,
): { fields: readonly FieldModel[]; linkColumns: readonly string[]; fk: ForeignKeyMetadata | undefined } | undefined {
  const fieldsKey = `${side}.fields`
  const linkKey = `linking.${side}.fields`
  if (fields.length > 0 && linkColumns.length > 0) {
    if (fields.length !== linkColumns.length) {
      say(
        `${fieldsKey} has ${fields.length} field(s) but ${linkKey} has ${linkColumns.length}; they pair up position by position.`,
      )
      return undefined
    }
    if (!linkTypesMatch(fields, linkColumns, linking, say)) return undefined
    return { fields, linkColumns, fk: undefined }
  }
  const byColumn = new Map(entity.fields.map((f) => [f.column, f]))
  const candidates = linking.foreignKeys.filter(
    (fk) =>
      fk !== exclude &&
      sameName(fk.referenced, entity.source) &&
      (fields.length === 0 ||
        sameColumns(
          fk.referencedColumns,
          fields.map((f) => f.column),
        )) &&
      (linkColumns.length === 0 || sameColumns(fk.columns, linkColumns)),
  )
  // A self-referencing many-to-many has two keys to the same table: the source side takes the first.
  const chosen =
    candidates.length === 1 || (candidates.length === 2 && sameName(entity.source, other)) ? candidates[0] : undefined
  if (chosen === undefined) {
    say(
      candidates.length === 0
        ? `cannot infer ${linkKey}: ${formatQualifiedName(linking.name)} has no foreign key to ${formatQualifiedName(entity.source)}${fields.length > 0 ? ' on those fields' : ''}; set ${fieldsKey} and ${linkKey}.`
        : `cannot infer ${linkKey}: ${formatQualifiedName(linking.name)} has ${candidates.length} foreign keys to ${formatQualifiedName(entity.source)} (${candidates.map((fk) => fk.name).join(', ')}); set ${fieldsKey} and ${linkKey}.`,
    )
    return undefined
  }
  const joined = chosen.referencedColumns.map((c) => byColumn.get(c))
  if (joined.some((f) => f === undefined)) {
    say(
      `cannot use foreign key ${chosen.name}: ${entity.name} does not expose every column it references (${chosen.referencedColumns.join(', ')}); set ${fieldsKey} and ${linkKey}.`,
    )
    return undefined
  }
  return { fields: joined as FieldModel[], linkColumns: chosen.columns, fk: chosen }
}

/** Join fields from the one foreign key between the two objects, in the direction the cardinality suggests first. */
function inferPair(
  rel: RelationshipConfig,
  source: EntityModel,
  target: EntityModel,
  sourceObject: ObjectMetadata,
  targetObject: ObjectMetadata,
  sourceFields: readonly FieldModel[],
  targetFields: readonly FieldModel[],
  say: Report,
): { source: readonly FieldModel[]; target: readonly FieldModel[] } | undefined {
  const sourceByColumn = new Map(source.fields.map((f) => [f.column, f]))
  const targetByColumn = new Map(target.fields.map((f) => [f.column, f]))
  const fits = (s: readonly string[], t: readonly string[]): boolean =>
    (sourceFields.length === 0 ||
      sameColumns(
        s,
        sourceFields.map((f) => f.column),
      )) &&
    (targetFields.length === 0 ||
      sameColumns(
        t,
        targetFields.map((f) => f.column),
      ))
  // Source → target (the source row holds the key: a `one` relationship) and target → source (`many`).
  const forward = sourceObject.foreignKeys
    .filter((fk) => sameName(fk.referenced, targetObject.name) && fits(fk.columns, fk.referencedColumns))
    .map((fk) => ({ fk, s: fk.columns, t: fk.referencedColumns }))
  const backward = targetObject.foreignKeys
    .filter((fk) => sameName(fk.referenced, sourceObject.name) && fits(fk.referencedColumns, fk.columns))
    .map((fk) => ({ fk, s: fk.referencedColumns, t: fk.columns }))
  const [first, second] = rel.cardinality === 'one' ? [forward, backward] : [backward, forward]
  const found = first.length > 0 ? first : second
  if (found.length !== 1) {
    const between = `${formatQualifiedName(sourceObject.name)} and ${formatQualifiedName(targetObject.name)}`
    say(
      found.length === 0
        ? `cannot infer the join fields: no foreign key relates ${between}${sourceFields.length + targetFields.length > 0 ? ' on the given fields' : ''}; set source.fields and target.fields.`
        : `cannot infer the join fields: ${found.length} foreign keys relate ${between} (${found.map((c) => c.fk.name).join(', ')}); set source.fields and target.fields to choose one.`,
    )
    return undefined
  }
  const { s, t } = found[0]!
  return { source: s.map((c) => sourceByColumn.get(c)!), target: t.map((c) => targetByColumn.get(c)!) }
}

/** Config field names: API names (aliases), or column names as Data API builder configs usually write them. */
function resolveFields(
  names: readonly string[],
  entity: EntityModel,
  key: string,
  say: Report,
): FieldModel[] | undefined {
  const out: FieldModel[] = []
  for (const name of names) {
    const field = entity.fieldsByName.get(name) ?? entity.fields.find((f) => f.column === name)
    if (field === undefined) {
      say(`${key}: '${name}' is not a field of ${entity.name}.${didYouMean(name, entity.fieldsByName.keys())}`)
      return undefined
    }
    out.push(field)
  }
  return out
}

function typesMatch(source: readonly FieldModel[], target: readonly FieldModel[], say: Report): boolean {
  for (let i = 0; i < source.length; i++) {
    const s = source[i]!
    const t = target[i]!
    if (typeFamily(s.type) !== typeFamily(t.type)) {
      say(`source field '${s.name}' (${s.dbType}) cannot be joined with target field '${t.name}' (${t.dbType}).`)
      return false
    }
  }
  return true
}

function linkTypesMatch(
  fields: readonly FieldModel[],
  linkColumns: readonly string[],
  linking: ObjectMetadata,
  say: Report,
): boolean {
  for (let i = 0; i < fields.length; i++) {
    const column = linking.columns.find((c) => c.name === linkColumns[i])!
    if (typeFamily(fields[i]!.type) !== typeFamily(column.type)) {
      say(
        `field '${fields[i]!.name}' (${fields[i]!.dbType}) cannot be joined with linking column '${column.name}' (${column.dbType}).`,
      )
      return false
    }
  }
  return true
}

function typeFamily(type: string): string {
  switch (type) {
    case 'byte':
    case 'short':
    case 'int':
    case 'long':
    case 'single':
    case 'float':
    case 'decimal':
      return 'number'
    default:
      return type
  }
}

function fkMatches(
  fk: ForeignKeyMetadata,
  referenced: QualifiedName,
  source: readonly FieldModel[],
  target: readonly FieldModel[],
): boolean {
  if (!sameName(fk.referenced, referenced) || fk.columns.length !== source.length) return false
  return fk.columns.every((c, i) =>
    source.some((f, j) => f.column === c && target[j]!.column === fk.referencedColumns[i]),
  )
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c))
}

function sameName(a: QualifiedName, b: QualifiedName): boolean {
  return a.name === b.name && (a.schema === undefined || b.schema === undefined || a.schema === b.schema)
}

function freezeRelationship(
  rel: RelationshipConfig,
  source: EntityModel,
  target: EntityModel,
  sourceFields: readonly FieldModel[],
  targetFields: readonly FieldModel[],
  linking: LinkingModel | undefined,
  nullable: boolean,
): RelationshipModel {
  return {
    name: rel.name,
    source: source.name,
    target: target.name,
    cardinality: rel.cardinality,
    sourceFields: sourceFields.map((f) => f.name),
    targetFields: targetFields.map((f) => f.name),
    sourceColumns: sourceFields.map((f) => f.column),
    targetColumns: targetFields.map((f) => f.column),
    linking,
    nullable: rel.cardinality === 'many' || nullable,
  }
}
