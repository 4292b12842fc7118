import { printExpandExpression, type HttpRequest, type RecordMember } from '@sluice/core/protocol'
import type { RestExpandedRelation } from './plan-expanded-read.js'

export interface ExpandLinkContext {
  readonly request: HttpRequest
  readonly prefix: string
  readonly baseRoute: string
  readonly relative: boolean
}

/**
 * `<name>@nextLink`: the URL that reads the rest of one record's expanded list — that record by key, with only its
 * key fields and the same `$expand` options, continued after the cursor of this page
 * (`/api/Book/id/7?$select=id&$expand=authors($first=5;$after=…)`). No link when the record's entity has no REST
 * path or no key, or when the record does not carry its key (a key field the role may not read).
 */
export function buildExpandLink(
  context: ExpandLinkContext,
  relation: RestExpandedRelation,
  record: RecordMember,
  cursor: string,
): string | undefined {
  const { parent } = relation
  if (!parent.rest.enabled || parent.keyFields.length === 0) return undefined
  let pairs = ''
  for (const field of parent.keyFields) {
    const raw = record(field.name)
    if (raw === undefined || raw === 'null') return undefined
    const value = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw
    pairs += `/${encodeURIComponent(field.name)}/${encodeURIComponent(value)}`
  }
  const path = parent.rest.path.split('/').map(encodeURIComponent).join('/')
  const expand = printExpandExpression([{ ...relation.selection, after: cursor }])
  const select = parent.keyFields.map((k) => k.name).join(',')
  const pathAndQuery = `${context.baseRoute}${context.prefix}/${path}${pairs}?$select=${encodeQueryValue(select)}&$expand=${encodeQueryValue(expand)}`
  const url = context.relative ? pathAndQuery : `${context.request.protocol}://${context.request.host}${pathAndQuery}`
  return `${JSON.stringify(`${relation.name}@nextLink`)}:${JSON.stringify(url)}`
}

/** Percent-encoded for a query value, leaving the option syntax (`$ = , ; :`) readable: none of it ends a value. */
function encodeQueryValue(text: string): string {
  return encodeURIComponent(text).replace(/%(24|3D|2C|3B|3A)/g, (escape) => decodeURIComponent(escape))
}
