import { getArgumentValues, getVariableValues, GraphQLError, type GraphQLSchema } from 'graphql'
import { stringify as stringifyLossless } from 'lossless-json'
import { SluiceError, type HttpBody, type Pipeline, type ReadResult, type RequestContext, type ServiceModel } from '@sluice/core/protocol'
import { buildListOptions, type ReadScope } from '../resolve/read-selection.js'
import { byKeyRequest, listRequest } from '../resolve/root-fields.js'
import { parseRecords, runRead } from '../resolve/run-operation.js'
import type { ConnectionShape, FastQuery, FastRoot, RecordShape } from './compile-fast-query.js'
import { streamableList, streamListAnswer } from './stream-fast-list.js'

type Json = Record<string, unknown>

/** The data did not come back as the shape expects: let the general executor answer. */
class Decline extends Error {}

export interface FastQueryServices {
  readonly schema: GraphQLSchema
  readonly model: ServiceModel
  readonly pipeline: Pipeline
}

/**
 * Answers a compiled query: the same pipeline calls the resolvers would make (one per root field, one SQL statement
 * each, authorized by core), then the response text is written straight from the JSON the database built — copied
 * where core's record shape is already the selection's, re-keyed in one pass otherwise. No graphql-js execution.
 *
 * Returns `undefined` whenever the answer would not be plain data — variables that do not coerce, any error from
 * core (denied, bad argument, missing record) — and the caller then runs the general executor, which reports errors
 * as GraphQL does. Integers beyond 2^53 keep their digits either way (copied text, or a lossless re-parse). A query has no side effects, so
 * running it again costs time only, and only on those requests.
 *
 * A query of one list whose paging fields follow its `items` asks core for a stream: a large page then flows out as
 * its records arrive (see `streamListAnswer`) instead of being held whole, parsed and written again.
 */
export async function runFastQuery(query: FastQuery, services: FastQueryServices, rawVariables: Readonly<Record<string, unknown>> | undefined, context: RequestContext): Promise<HttpBody | undefined> {
  const variables = rawVariables ?? {}
  const coerced = getVariableValues(services.schema, query.operation.variableDefinitions ?? [], variables)
  if (coerced.errors !== undefined) return undefined
  const reader = query.roots.find((r) => r.kind !== 'typename')
  const scope: ReadScope = {
    fragments: query.fragments,
    variableValues: coerced.coerced,
    model: services.model,
    types: reader === undefined ? () => undefined : reader.types.lookup,
    rawVariables: variables,
  }
  try {
    const streamable = streamableList(query.roots)
    if (streamable !== undefined) {
      const result = await readList(streamable, scope, services.pipeline, { ...context, streamReads: true })
      if (result.stream !== undefined) {
        const items = streamable.connection.parts.find((p) => p.kind === 'items')!
        const reshape = streamable.connection.copiesItems ? undefined : (record: string) => reshapeRecordText(items.record, record)
        return streamListAnswer(streamable, result.stream, reshape, result.count)
      }
      return `{"data":{${JSON.stringify(streamable.key)}:${listText(streamable, result)}}}`
    }
    const values = await Promise.all(query.roots.map((root) => rootText(root, scope, services.pipeline, context)))
    let body = '{"data":{'
    for (let i = 0; i < values.length; i++) body += `${i === 0 ? '' : ','}${JSON.stringify(query.roots[i]!.key)}:${values[i]!}`
    return `${body}}}`
  } catch (error) {
    // Core's errors and missing records are expected here; anything else is a fast-path bug worth a line in the log.
    if (!(error instanceof Decline || error instanceof SluiceError || error instanceof GraphQLError)) {
      context.log.warn({ err: error }, 'GraphQL fast path failed; the general executor answers')
    }
    return undefined
  }
}

async function rootText(root: FastRoot, scope: ReadScope, pipeline: Pipeline, context: RequestContext): Promise<string> {
  if (root.kind === 'typename') return '"Query"'
  if (root.kind === 'byKey') {
    const args = getArgumentValues(root.field, root.nodes[0]!, scope.variableValues as Record<string, unknown>)
    const result = await runRead(pipeline, byKeyRequest(root.types, args, root.fields, scope), context)
    // No record: the general executor writes the error entry.
    if (result.json === '[]') throw new Decline()
    if (root.record.passthrough) return result.json.slice(1, -1)
    const records = parsed(result.json)
    return written(shapeRecord(root.record, records.json[0]!), records.exact)
  }
  return listText(root, await readList(root, scope, pipeline, context))
}

type ListRoot = Extract<FastRoot, { kind: 'list' }>

async function readList(root: ListRoot, scope: ReadScope, pipeline: Pipeline, context: RequestContext): Promise<ReadResult> {
  const args = getArgumentValues(root.field, root.nodes[0]!, scope.variableValues as Record<string, unknown>)
  const options = buildListOptions(root.types.entity, args, root.nodes[0]!, scope)
  return runRead(pipeline, listRequest(root.types, options, root.fields, scope), context)
}

/** A list's connection object written from a whole page. */
function listText(root: ListRoot, result: ReadResult): string {
  const { parts, copiesItems } = root.connection
  // Copied when core writes the records as selected; otherwise parsed once and re-keyed for every `items` alias.
  let records: { json: Json[]; exact: boolean } | undefined
  let text = '{'
  parts.forEach((part, i) => {
    text += `${i === 0 ? '' : ','}${JSON.stringify(part.key)}:`
    switch (part.kind) {
      case 'items':
        if (copiesItems) {
          text += result.json
        } else {
          records ??= parsed(result.json)
          text += written(records.json.map((r) => shapeRecord(part.record, r)), records.exact)
        }
        break
      case 'hasNextPage': text += result.hasNextPage ? 'true' : 'false'; break
      case 'endCursor': text += JSON.stringify(result.endCursor); break
      case 'totalCount': text += countText(result); break
      case 'typename': text += JSON.stringify(part.value); break
    }
  })
  return `${text}}`
}

/** `totalCount` of a root list: core counted it because the selection asked (see `listRequest`). */
function countText(result: ReadResult): string {
  if (result.count === undefined) throw new Decline()
  return String(result.count)
}

/** One streamed record re-keyed for its selection (integers beyond 2^53 keep their digits). */
function reshapeRecordText(shape: RecordShape, text: string): string {
  const record = parsed(`[${text}]`)
  return written(shapeRecord(shape, record.json[0]!), record.exact)
}

/** Core's JSON array text as values; `exact`: it holds integers beyond 2^53, kept as lossless numbers. */
function parsed(json: string): { json: Json[]; exact: boolean } {
  const state = { exactNumbers: false }
  const records = parseRecords(json, { state })
  return { json: records, exact: state.exactNumbers }
}

/** Writes reshaped values again, every digit kept when they hold integers beyond 2^53. */
function written(value: unknown, exact: boolean): string {
  return (exact ? stringifyLossless(value) : JSON.stringify(value)) ?? 'null'
}

function shapeRecord(shape: RecordShape, source: Json): Json {
  const out: Json = {}
  for (const part of shape.parts) {
    switch (part.kind) {
      case 'field': {
        const value = source[part.name]
        if (value === undefined) throw new Decline()
        out[part.key] = value
        break
      }
      case 'typename':
        out[part.key] = part.value
        break
      case 'one': {
        const value = source[part.key]
        out[part.key] = value === null || value === undefined ? null : shapeRecord(part.record, value as Json)
        break
      }
      case 'many':
        out[part.key] = shapeConnection(part.connection, source[part.key] as Json | undefined)
        break
    }
  }
  return out
}

function shapeConnection(shape: ConnectionShape, source: Json | undefined): Json {
  if (source === undefined || source === null) throw new Decline()
  const out: Json = {}
  for (const part of shape.parts) {
    switch (part.kind) {
      case 'items':
        out[part.key] = (source['items'] as Json[]).map((r) => shapeRecord(part.record, r))
        break
      case 'typename':
        out[part.key] = part.value
        break
      default:
        out[part.key] = source[part.kind]
    }
  }
  return out
}
