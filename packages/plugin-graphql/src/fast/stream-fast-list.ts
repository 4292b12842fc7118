import type { ReadStream } from '@sluice/core/protocol'
import type { ConnectionShape, FastRoot } from './compile-fast-query.js'

type ListRoot = Extract<FastRoot, { kind: 'list' }>

/**
 * Whether a query's answer can be written as its one list's records arrive: a single root field, a list whose
 * connection selects `items` once, and neither `hasNextPage` nor `endCursor` before it (both are known only after the
 * last record). Other shapes are answered whole.
 */
export function streamableList(roots: readonly FastRoot[]): ListRoot | undefined {
  const [root] = roots
  if (roots.length !== 1 || root === undefined || root.kind !== 'list') return undefined
  const parts = root.connection.parts
  const items = parts.findIndex((p) => p.kind === 'items')
  if (
    items === -1 ||
    parts.some(
      (p, i) =>
        (p.kind === 'items' && i !== items) || ((p.kind === 'hasNextPage' || p.kind === 'endCursor') && i < items),
    )
  )
    return undefined
  return root
}

/**
 * `{"data":{root:{…,items:[…],…}}}` written chunk by chunk from the database's cursor, each record copied (or
 * re-keyed on its own by `reshape`), so a large list never sits in memory whole — as REST's streamed pages. An error
 * after the first chunk cannot become a GraphQL error any more: the server cuts the connection and the client sees
 * an incomplete body, never a complete-looking wrong one.
 */
export async function* streamListAnswer(
  root: ListRoot,
  stream: ReadStream,
  reshape: ((record: string) => string) | undefined,
  count: number | undefined,
): AsyncGenerator<string> {
  const { parts } = root.connection
  const items = parts.findIndex((p) => p.kind === 'items')
  const constant = (part: ConnectionShape['parts'][number]): string => constantText(part, count)
  let prefix = `{"data":{${JSON.stringify(root.key)}:{${parts
    .slice(0, items)
    .map((p) => `${JSON.stringify(p.key)}:${constant(p)},`)
    .join('')}${JSON.stringify(parts[items]!.key)}:[`
  for await (const chunk of stream.records) {
    yield prefix + (reshape === undefined ? chunk.join(',') : chunk.map(reshape).join(','))
    prefix = ','
  }
  const paging = stream.paging()
  const rest = parts.slice(items + 1).map((p) => {
    const value =
      p.kind === 'hasNextPage'
        ? String(paging.hasNextPage)
        : p.kind === 'endCursor'
          ? JSON.stringify(paging.endCursor)
          : constant(p)
    return `,${JSON.stringify(p.key)}:${value}`
  })
  yield `${prefix === ',' ? '' : prefix}]${rest.join('')}}}}`
}

/** A part known before any record: the type name and the count (the items and paging parts are not). */
function constantText(part: ConnectionShape['parts'][number], count: number | undefined): string {
  if (part.kind === 'totalCount' && count !== undefined) return String(count)
  if (part.kind !== 'typename') throw new Error(`${part.kind} comes only after the records`)
  return JSON.stringify(part.value)
}
