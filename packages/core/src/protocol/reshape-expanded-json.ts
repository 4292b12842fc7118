import { CLOSE_BRACKET, COMMA, OPEN_BRACKET } from '../util/json-char-codes.js'
import { jsonObjectMembers, skipSpace, type JsonMember } from './scan-json-text.js'

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
 * page exists; a value that already is the items array (`RelationSelection.arrayWhenComplete`) stays; `one`
 * relationships stay objects (or null); hidden members go. The text is scanned, not parsed: numbers keep every
 * digit, and untouched members are copied as the database wrote them. Text that needs none of this is returned as
 * it is, unscanned (see `needsNoRewrite`).
 */
export function reshapeExpandedArray(json: string, level: ExpandedLevel, more: MoreMembers): string {
  return needsNoRewrite(json, level) ? json : reshapeArrayAt(json, 0, level, more).text
}

/** One record's JSON object text, rewritten as `reshapeExpandedArray` rewrites each record (streamed pages). */
export function reshapeExpandedRecord(json: string, level: ExpandedLevel, more: MoreMembers): string {
  return needsNoRewrite(json, level) ? json : reshapeRecordAt(json, 0, level, more).text
}

/**
 * Whether the text is already in its final shape: no level hides a member or counts a list, and the text holds no
 * connection object. Every connection object, with paging values or without, has an `"items"` member, written with
 * its name unescaped; outside a member name the sequence cannot occur, since a quote inside a JSON string is
 * escaped. So without that sequence every `many` value is already its items array. Finding it (a field of that
 * name, say) only means scanning.
 */
function needsNoRewrite(json: string, level: ExpandedLevel): boolean {
  return isFinalLevel(level) && !json.includes('"items"')
}

/** No member hidden and no list counted, at this level or below. */
function isFinalLevel(level: ExpandedLevel): boolean {
  if (level.hidden.size > 0) return false
  for (const relation of level.relations.values()) if (relation.count || !isFinalLevel(relation.level)) return false
  return true
}

/** The rewritten text of the array at `start`, and the index just past it (the elements are scanned once). */
function reshapeArrayAt(json: string, start: number, level: ExpandedLevel, more: MoreMembers): Reshaped {
  let i = skipSpace(json, start)
  if (json.charCodeAt(i) !== OPEN_BRACKET) throw new Error('a JSON array was expected')
  i = skipSpace(json, i + 1)
  if (json.charCodeAt(i) === CLOSE_BRACKET) return { text: '[]', end: i + 1 }
  let out = '['
  for (let n = 0; ; n++) {
    const record = reshapeRecordAt(json, i, level, more)
    out += n === 0 ? record.text : `,${record.text}`
    i = skipSpace(json, record.end)
    if (json.charCodeAt(i) === COMMA) {
      i = skipSpace(json, i + 1)
      continue
    }
    if (json.charCodeAt(i) === CLOSE_BRACKET) return { text: `${out}]`, end: i + 1 }
    throw new Error("',' or ']' was expected in a JSON array")
  }
}

interface Reshaped {
  readonly text: string
  readonly end: number
}

/**
 * One record rewritten. Members it leaves as they are go out as one slice of the database's text per run of them
 * (the commas between included), not one string each; only relationship values and hidden members break a run.
 */
function reshapeRecordAt(json: string, start: number, level: ExpandedLevel, more: MoreMembers): Reshaped {
  const open = skipSpace(json, start)
  if (json.startsWith('null', open)) return { text: 'null', end: open + 4 }
  const members = jsonObjectMembers(json, open)
  const end = skipSpace(json, members.length === 0 ? skipSpace(json, open + 1) : members[members.length - 1]!.end) + 1
  const parts: string[] = []
  let run = -1 // the first member of the current run of copied members, or -1
  const closeRun = (before: number): void => {
    if (run !== -1) parts.push(json.slice(members[run]!.start, members[before - 1]!.end))
    run = -1
  }
  for (let k = 0; k < members.length; k++) {
    const m = members[k]!
    if (level.hidden.has(m.key)) {
      closeRun(k)
      continue
    }
    const relation = level.relations.get(m.key)
    if (relation === undefined || (!relation.many && isPlainLevel(relation.level))) {
      if (run === -1) run = k
      continue
    }
    closeRun(k)
    const key = JSON.stringify(m.key)
    if (!relation.many) {
      parts.push(`${key}:${reshapeRecordAt(json, m.valueStart, relation.level, more).text}`)
      continue
    }
    if (json.charCodeAt(skipSpace(json, m.valueStart)) === OPEN_BRACKET) {
      // Already the items array: a complete page, built so by the dialect (never counted).
      if (relation.count) throw new Error(`the nested value '${m.key}' was not counted`)
      parts.push(`${key}:${reshapeArrayAt(json, m.valueStart, relation.level, more).text}`)
      continue
    }
    const connection = jsonObjectMembers(json, m.valueStart)
    const part = (name: string): JsonMember | undefined => connection.find((x) => x.key === name)
    const items = part('items')
    if (items === undefined) throw new Error(`the nested value '${m.key}' is not a connection object`)
    if (relation.count) {
      const total = part('totalCount')
      if (total === undefined) throw new Error(`the nested value '${m.key}' was not counted`)
      parts.push(`${JSON.stringify(`${m.key}@count`)}:${json.slice(total.valueStart, total.end)}`)
    }
    parts.push(`${key}:${reshapeArrayAt(json, items.valueStart, relation.level, more).text}`)
    const cursor = part('endCursor')
    const cursorText = cursor === undefined ? 'null' : json.slice(cursor.valueStart, cursor.end)
    if (cursorText !== 'null') {
      const member: RecordMember = (name) => {
        const found = members.find((x) => x.key === name)
        return found === undefined ? undefined : json.slice(found.valueStart, found.end)
      }
      const extra = more(relation, member, JSON.parse(cursorText) as string)
      if (extra !== undefined) parts.push(extra)
    }
  }
  closeRun(members.length)
  return { text: `{${parts.join(',')}}`, end }
}

/** Whether a level rewrites anything (no relationship and nothing hidden: the text can be sent as it is). */
export function isPlainLevel(level: ExpandedLevel): boolean {
  return level.relations.size === 0 && level.hidden.size === 0
}
