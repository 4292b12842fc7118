import { stringify as stringifyLossless } from 'lossless-json'
import type { HttpBody, Logger, ReadResult } from '@sluice/core/protocol'
import { parseRecords, readResult } from '../resolve/parse-records.js'
import type { RootOutcome } from '../resolve/root-plan.js'
import type { ConnectionShape, FastQuery, FastRoot, RecordShape } from './compile-fast-query.js'
import { streamableList, streamListAnswer } from './stream-fast-list.js'

type Json = Record<string, unknown>

/** The data did not come back as the shape expects: let the general executor answer. */
class Decline extends Error {}

/**
 * Writes a compiled query's answer straight from the JSON the database built — copied where core's record shape is
 * already the selection's, re-keyed in one pass otherwise — once its root fields have run (`runDocument`). No
 * graphql-js execution.
 *
 * Returns `undefined` whenever the answer would not be plain data — a root field that failed, a by-key read that
 * found nothing, a value not where the shape expects it — and the caller then lets graphql-js write the answer
 * from the same results (errors as GraphQL reports them); nothing runs again. Integers beyond 2^53 keep their
 * digits either way (copied text, or a lossless re-parse).
 *
 * A query of one list whose paging fields follow its `items` ran with a stream (see `streamedRoot`): a large page then
 * flows out as its records arrive (see `streamListAnswer`) instead of being held whole, parsed and written again.
 */
export function writeFastAnswer(
  query: FastQuery,
  outcomes: ReadonlyMap<string, RootOutcome>,
  log: Logger,
): HttpBody | undefined {
  try {
    const streamable = streamableList(query.roots)
    if (streamable !== undefined) {
      const result = resultOf(outcomes, streamable.key)
      if (result === undefined) return undefined
      if (result.stream !== undefined) {
        const items = streamable.connection.parts.find((p) => p.kind === 'items')!
        const reshape = streamable.connection.copiesItems
          ? undefined
          : (record: string) => reshapeRecordText(items.record, record)
        return streamListAnswer(streamable, result.stream, reshape, result.count)
      }
      return `{"data":{${JSON.stringify(streamable.key)}:${listText(streamable, result)}}}`
    }
    let body = '{"data":{'
    for (let i = 0; i < query.roots.length; i++) {
      const root = query.roots[i]!
      const result = root.kind === 'typename' ? undefined : resultOf(outcomes, root.key)
      if (root.kind !== 'typename' && result === undefined) return undefined
      body += `${i === 0 ? '' : ','}${JSON.stringify(root.key)}:${rootText(root, result!)}`
    }
    return `${body}}}`
  } catch (error) {
    // A shape the data does not fit is expected here; anything else is a fast-path bug worth a line in the log.
    if (!(error instanceof Decline)) log.warn({ err: error }, 'GraphQL fast path failed; the general executor answers')
    return undefined
  }
}

/**
 * The root list to run with a stream, when the query is one list that can be written as its records arrive: its
 * response key. The stream is the fast path's alone: its answer is always written here.
 */
export function streamedRoot(query: FastQuery): string | undefined {
  return streamableList(query.roots)?.key
}

/** The read a root field's plan ran (a fast root plans exactly one), or undefined when it failed. */
function resultOf(outcomes: ReadonlyMap<string, RootOutcome>, key: string): ReadResult | undefined {
  const outcome = outcomes.get(key)
  return outcome === undefined || 'error' in outcome ? undefined : readResult(outcome.results[0])
}

function rootText(root: FastRoot, result: ReadResult): string {
  if (root.kind === 'typename') return '"Query"'
  if (root.kind === 'byKey') {
    // No record: the general executor writes the error entry.
    if (result.json === '[]') throw new Decline()
    if (root.record.passthrough) return result.json.slice(1, -1)
    const records = parsed(result.json)
    return written(shapeRecord(root.record, records.json[0]!), records.exact)
  }
  return listText(root, result)
}

type ListRoot = Extract<FastRoot, { kind: 'list' }>

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
          text += written(
            records.json.map((r) => shapeRecord(part.record, r)),
            records.exact,
          )
        }
        break
      case 'hasNextPage':
        text += result.hasNextPage ? 'true' : 'false'
        break
      case 'endCursor':
        text += JSON.stringify(result.endCursor)
        break
      case 'totalCount':
        text += countText(result)
        break
      case 'typename':
        text += JSON.stringify(part.value)
        break
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
