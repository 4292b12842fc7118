import { jsonArrayElements, jsonObjectMembers } from './scan-json-text.js'

/**
 * How the records of one level of an expanded read are written for REST and MCP: which members hold related
 * records, and which members were added only to build links and must be left out.
 */
export interface ExpandedLevel {
  /** The expanded relationships of these records, by the member their value is under (`RelationSelection.as`). */
  readonly relations: ReadonlyMap<string, ExpandedRelation>
  /** Members to leave out (key fields the caller did not select, read only so a link can name the record). */
  readonly hidden: ReadonlySet<string>
}

export interface ExpandedRelation {
  readonly name: string
  /** `many`: the connection object becomes an array; `one`: the object (or null) stays. */
  readonly many: boolean
  /** `many`: the connection carries `totalCount`, written as `<name>@count` ahead of the array. */
  readonly count: boolean
  /** The related records' own level. */
  readonly level: ExpandedLevel
}

/** The raw JSON text of a member of the record being written (`undefined` when it has none by that name). */
export type RecordMember = (name: string) => string | undefined

/**
 * What follows a `many` array whose page has more records: member text such as `"books@nextLink":"…"` (REST) or
 * `"books@after":"…"` (MCP), or `undefined` to write nothing. `record` reads the parent record's members (its key
 * values); `endCursor` is the signed cursor of the nested page.
 */
export type MoreMembers = (relation: ExpandedRelation, record: RecordMember, endCursor: string) => string | undefined

/**
 * Rewrites the JSON array of records core built for an expanded read into the shape REST and MCP answer with: each
 * `many` relationship's connection object `{"items":[…],"hasNextPage":…,"endCursor":…,"totalCount"?:…}` becomes
 * the array of its items, with `<name>@count` before it when counted and the `more` members after it when another
 * page exists; `one` relationships stay objects (or null); hidden members go. The text is scanned, not parsed:
 * numbers keep every digit, and untouched members are copied as the database wrote them.
 */
export function reshapeExpandedArray(json: string, level: ExpandedLevel, more: MoreMembers): string {
  const elements = jsonArrayElements(json, 0)
  let out = '['
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!
    out += `${i === 0 ? '' : ','}${reshapeRecordAt(json, e.start, level, more)}`
  }
  return `${out}]`
}

/** One record's JSON object text, rewritten as `reshapeExpandedArray` rewrites each record (streamed pages). */
export function reshapeExpandedRecord(json: string, level: ExpandedLevel, more: MoreMembers): string {
  return reshapeRecordAt(json, 0, level, more)
}

function reshapeRecordAt(json: string, start: number, level: ExpandedLevel, more: MoreMembers): string {
  if (json.startsWith('null', skipSpace(json, start))) return 'null'
  const members = jsonObjectMembers(json, start)
  const member: RecordMember = (name) => {
    const m = members.find((x) => x.key === name)
    return m === undefined ? undefined : json.slice(m.valueStart, m.end)
  }
  const parts: string[] = []
  for (const m of members) {
    if (level.hidden.has(m.key)) continue
    const relation = level.relations.get(m.key)
    if (relation === undefined) {
      parts.push(json.slice(m.start, m.end))
      continue
    }
    const key = JSON.stringify(m.key)
    if (!relation.many) {
      parts.push(`${key}:${reshapeRecordAt(json, m.valueStart, relation.level, more)}`)
      continue
    }
    const connection = jsonObjectMembers(json, m.valueStart)
    const part = (name: string) => connection.find((x) => x.key === name)
    const items = part('items')
    if (items === undefined) throw new Error(`the nested value '${m.key}' is not a connection object`)
    if (relation.count) {
      const total = part('totalCount')
      if (total === undefined) throw new Error(`the nested value '${m.key}' was not counted`)
      parts.push(`${JSON.stringify(`${m.key}@count`)}:${json.slice(total.valueStart, total.end)}`)
    }
    parts.push(`${key}:${reshapeExpandedArray(json.slice(items.valueStart, items.end), relation.level, more)}`)
    const cursor = part('endCursor')
    const cursorText = cursor === undefined ? 'null' : json.slice(cursor.valueStart, cursor.end)
    if (cursorText !== 'null') {
      const extra = more(relation, member, JSON.parse(cursorText) as string)
      if (extra !== undefined) parts.push(extra)
    }
  }
  return `{${parts.join(',')}}`
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\t' || text[i] === '\r')) i++
  return i
}

/** Whether a level rewrites anything (no relationship and nothing hidden: the text can be sent as it is). */
export function isPlainLevel(level: ExpandedLevel): boolean {
  return level.relations.size === 0 && level.hidden.size === 0
}
