import type { ActionPermission, EntityModel, FieldModel } from '@sluice/core/protocol'
import { errorResponses, headerParameterRefs, QUERY_PARAMETERS } from './common-components.js'
import { expandedProperties, expandParameter, type ExpandableRelationship } from './expand-docs.js'
import type { DocumentBuilder } from './document-builder.js'
import { operationName } from './component-names.js'
import { ref, type Parameter, type Reference, type Response } from './openapi-types.js'
import { isRequiredOnInsert, isWritable, recordSchema } from './record-schema.js'
import { scalarSchema } from './scalar-schema.js'

/** What one role may do with one table or view, after Data API builder's role inheritance. */
export interface TableAccess {
  readonly read: ActionPermission | undefined
  readonly create: ActionPermission | undefined
  readonly update: ActionPermission | undefined
  readonly delete: ActionPermission | undefined
}

export function tableAccess(entity: EntityModel, role: string): TableAccess {
  const p = entity.permissions
  return {
    read: p.resolve(role, 'read'),
    create: p.resolve(role, 'create'),
    update: p.resolve(role, 'update'),
    delete: p.resolve(role, 'delete'),
  }
}

export function hasTableAccess(access: TableAccess): boolean {
  return (
    access.read !== undefined ||
    access.create !== undefined ||
    access.update !== undefined ||
    access.delete !== undefined
  )
}

/**
 * The REST operations of a table or view for one role (SPEC §OpenAPI rule 4): read gives GET (the collection, and
 * by key when the role may read every key field), create gives POST, create and update together give PUT and PATCH
 * (the authorize stage demands both), delete gives DELETE. Request bodies list only the fields the action permits
 * (PUT and PATCH: those both `create` and `update` permit); responses list the `read` fields.
 */
export function buildTablePaths(
  builder: DocumentBuilder,
  entity: EntityModel,
  access: TableAccess,
  name: string,
  strict: boolean,
  expandable: readonly ExpandableRelationship[] = [],
): void {
  const tag = entity.rest.path
  builder.addTag(tag, entity.description)
  const base = `/${entity.rest.path.split('/').map(encodePathLiteral).join('/')}`
  const keys = entity.keyFields
  const keyPath = keys.length === 0 ? undefined : `${base}/${keyTemplate(keys)}`
  const op = operationName(name)
  const readFields = access.read === undefined ? [] : permitted(entity, access.read)
  const readSchema = recordSchema(readFields, {
    description: describe(entity, 'as this role may read it'),
    closed: false,
  })
  // Expanded relationships appear only when asked for ($expand), as optional members.
  builder.addSchema(name, {
    ...readSchema,
    properties: { ...readSchema.properties, ...expandedProperties(expandable) },
  })
  const expand = expandable.length === 0 ? [] : [expandParameter(entity, expandable)]
  const record = ref('schemas', name)
  const described = entity.description === undefined ? {} : { description: entity.description }

  if (access.read !== undefined) {
    builder.addOperation(base, 'get', {
      tags: [tag],
      summary: `List ${entity.name} records`,
      ...described,
      operationId: `list${op}`,
      parameters: [
        ref('parameters', QUERY_PARAMETERS.select),
        ref('parameters', QUERY_PARAMETERS.filter),
        ref('parameters', QUERY_PARAMETERS.orderby),
        ref('parameters', QUERY_PARAMETERS.first),
        ref('parameters', QUERY_PARAMETERS.after),
        ref('parameters', QUERY_PARAMETERS.count),
        ...expand,
        ...headerParameterRefs(),
      ],
      responses: { '200': page(record), ...errorResponses(['400', '401', '403', '500']) },
    })
    // By-key reads name the key fields, which field-level access checks like any other field.
    if (keyPath !== undefined && keys.every((k) => access.read!.fields.has(k.name))) {
      builder.addOperation(keyPath, 'get', {
        tags: [tag],
        summary: `Get one ${entity.name} record by key`,
        ...described,
        operationId: `get${op}ByKey`,
        parameters: [
          ...keyParameters(keys),
          ref('parameters', QUERY_PARAMETERS.select),
          ...expand,
          ...headerParameterRefs(),
        ],
        responses: {
          '200': values(record, `The ${entity.name} record (an empty array when none matches).`),
          ...errorResponses(['400', '401', '403', '404', '500']),
        },
      })
    }
  }

  if (access.create !== undefined) {
    const fields = permitted(entity, access.create).filter(isWritable)
    builder.addSchema(
      `${name}_NoAutoPK`,
      recordSchema(fields, {
        description: describe(entity, 'to create (fields the database generates are left out)'),
        required: isRequiredOnInsert,
        closed: strict,
      }),
    )
    builder.addOperation(base, 'post', {
      tags: [tag],
      summary: `Create one ${entity.name} record`,
      ...described,
      operationId: `create${op}`,
      parameters: headerParameterRefs(),
      requestBody: body(ref('schemas', `${name}_NoAutoPK`)),
      responses: { '201': created(record, entity), ...errorResponses(['400', '401', '403', '409', '500']) },
    })
  }

  if (access.create !== undefined && access.update !== undefined && keyPath !== undefined) {
    addUpserts(builder, entity, access.create, access.update, { base, keyPath, name, op, tag, record, strict })
  }

  if (access.delete !== undefined && keyPath !== undefined) {
    builder.addOperation(keyPath, 'delete', {
      tags: [tag],
      summary: `Delete one ${entity.name} record by key`,
      ...described,
      operationId: `delete${op}`,
      parameters: [...keyParameters(keys), ...headerParameterRefs()],
      responses: { '204': { description: 'Deleted.' }, ...errorResponses(['400', '401', '403', '404', '500']) },
    })
  }
}

interface UpsertContext {
  readonly base: string
  readonly keyPath: string
  readonly name: string
  readonly op: string
  readonly tag: string
  readonly record: Reference
  readonly strict: boolean
}

/**
 * PUT and PATCH by key, and the keyless forms (SPEC §REST writes rule 4): when every key field is generated, on
 * the entity's base path; when only some are, on a path naming the others. Keyless forms insert, so they need
 * the same fields an insert needs, PATCH included.
 */
function addUpserts(
  builder: DocumentBuilder,
  entity: EntityModel,
  create: ActionPermission,
  update: ActionPermission,
  c: UpsertContext,
): void {
  const keys = entity.keyFields
  const fields = entity.fields.filter((f) => create.fields.has(f.name) && update.fields.has(f.name) && isWritable(f))
  const nonKey = fields.filter((f) => !f.primaryKey)
  const generatedKey = keys.some((k) => k.autoGenerated)
  const insertable = !generatedKey
  builder.addSchema(
    `${c.name}_NoPK`,
    recordSchema(nonKey, {
      description: describe(entity, 'to replace (key fields come from the URL)'),
      required: isRequiredOnInsert,
      closed: c.strict,
    }),
  )
  builder.addSchema(
    `${c.name}_NoPK_Partial`,
    recordSchema(nonKey, {
      description: describe(entity, 'fields to change (key fields come from the URL)'),
      closed: c.strict,
    }),
  )
  const described = entity.description === undefined ? {} : { description: entity.description }
  const outcome: Record<string, Response> = insertable
    ? { '200': values(c.record, 'Updated.'), '201': created(c.record, entity, 'Inserted (no record had the key).') }
    : { '200': values(c.record, 'Updated.') }
  // With a generated key part the row must exist: there is no insert branch, and a missing row is 404.
  const errors = errorResponses(['400', '401', '403', '404', '409', '500'])
  const headers = headerParameterRefs()
  builder.addOperation(c.keyPath, 'put', {
    tags: [c.tag],
    summary: `Replace${insertable ? ' or create' : ''} one ${entity.name} record by key`,
    ...described,
    operationId: `replace${c.op}`,
    parameters: [...keyParameters(keys), ifMatch(), ...headers],
    requestBody: body(ref('schemas', `${c.name}_NoPK`)),
    responses: { ...outcome, ...errors },
  })
  builder.addOperation(c.keyPath, 'patch', {
    tags: [c.tag],
    summary: `Update${insertable ? ' or create' : ''} one ${entity.name} record by key`,
    ...described,
    operationId: `merge${c.op}`,
    parameters: [...keyParameters(keys), ifMatch(), ...headers],
    requestBody: body(ref('schemas', `${c.name}_NoPK_Partial`)),
    responses: { ...outcome, ...errors },
  })
  if (!generatedKey) return

  const given = keys.filter((k) => !k.autoGenerated)
  const path = given.length === 0 ? c.base : `${c.base}/${keyTemplate(given)}`
  const schema = given.length === 0 ? `${c.name}_Keyless` : `${c.name}_NoPK`
  if (given.length === 0) {
    builder.addSchema(
      schema,
      recordSchema(fields, {
        description: describe(entity, 'to create without a key (the database generates it)'),
        required: isRequiredOnInsert,
        closed: c.strict,
      }),
    )
  }
  const summary = given.length === 0 ? 'the database generates the key' : 'the database generates the other key parts'
  const insertErrors = errorResponses(['400', '401', '403', '409', '500'])
  for (const [verb, id] of [
    ['put', 'replace'],
    ['patch', 'merge'],
  ] as const) {
    builder.addOperation(path, verb, {
      tags: [c.tag],
      summary: `Create one ${entity.name} record (keyless ${verb.toUpperCase()}: ${summary})`,
      ...described,
      operationId: `${id}${c.op}Keyless`,
      parameters: [...keyParameters(given), ...headers],
      requestBody: body(ref('schemas', schema)),
      responses: { '201': created(c.record, entity), ...insertErrors },
    })
  }
}

/** `id/{id}` or `book_id/{book_id}/id/{id}`: the named key pairs REST reads, in definition order. */
function keyTemplate(keys: readonly FieldModel[]): string {
  return keys.map((k) => `${encodePathLiteral(k.name)}/{${k.name}}`).join('/')
}

function keyParameters(keys: readonly FieldModel[]): Parameter[] {
  return keys.map((k) => ({
    name: k.name,
    in: 'path',
    required: true,
    schema: scalarSchema(k.type),
    description: k.description ?? `Key field ${k.name}.`,
  }))
}

function ifMatch(): Parameter {
  return {
    name: 'If-Match',
    in: 'header',
    required: false,
    schema: { type: 'string', enum: ['*'] },
    description: '`*` makes the write update-only: 404 when the record does not exist. Other values are refused.',
  }
}

/** The entity's fields the permission lets the role access, in entity order. */
function permitted(entity: EntityModel, permission: ActionPermission): FieldModel[] {
  return entity.fields.filter((f) => permission.fields.has(f.name))
}

function page(record: Reference): Response {
  return {
    description:
      'One page of records; `nextLink` is present when more follow, `count` when `$count=true` asked for it.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['value'],
          properties: {
            count: {
              type: 'integer',
              format: 'int64',
              description: 'The records matching `$filter` and the row policy, on all pages (only with `$count=true`).',
            },
            value: { type: 'array', items: record },
            nextLink: { type: 'string', description: 'URL of the next page.' },
          },
        },
      },
    },
  }
}

function values(record: Reference, description: string): Response {
  return {
    description,
    content: {
      'application/json': {
        schema: { type: 'object', required: ['value'], properties: { value: { type: 'array', items: record } } },
      },
    },
  }
}

function created(record: Reference, entity: EntityModel, description = 'Created.'): Response {
  return {
    ...values(record, description),
    headers: {
      Location: {
        description: `Path of the new ${entity.name} record (absent when it cannot be derived).`,
        schema: { type: 'string' },
      },
    },
  }
}

function body(schema: Reference): { required: true; content: { 'application/json': { schema: Reference } } } {
  return { required: true, content: { 'application/json': { schema } } }
}

function describe(entity: EntityModel, what: string): string {
  return `${entity.name}, ${what}.`
}

/** A literal path segment as it appears in a URL (REST compares the decoded segment). */
function encodePathLiteral(segment: string): string {
  return encodeURIComponent(segment)
}
