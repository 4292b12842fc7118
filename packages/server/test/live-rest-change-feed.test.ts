import { request as httpRequest } from 'node:http'
import { Readable } from 'node:stream'
import { EventSource } from 'eventsource'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLibraryServer } from './support/library-test-server.js'
import type { SluiceServer } from '../src/index.js'

interface FeedEvent {
  readonly type: string
  readonly id: string
  readonly data: {
    eventId: string
    utcDateTime: string
    actorRole: string
    record: Record<string, unknown>
  }
}

/**
 * The EventSource's fetch over a connection of its own (node:http), closed when the EventSource closes — as a
 * browser closes it. Node's built-in fetch keeps reading an aborted stream to reuse its connection, so the server
 * would see the subscriber stay.
 */
function fetchOwnConnection(
  input: string | URL | Request,
  init: { headers?: Record<string, string>; signal?: AbortSignal | null },
  extra: Record<string, string>,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(String(input), { headers: { ...init.headers, ...extra } }, (response) => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(response.headers))
        if (typeof value === 'string') headers.set(name, value)
      const body = Readable.toWeb(response) as ReadableStream<Uint8Array>
      resolve(new Response(body, { status: response.statusCode ?? 0, headers }))
    })
    init.signal?.addEventListener('abort', () => request.destroy(), { once: true })
    request.on('error', reject)
    request.end()
  })
}

/** An EventSource on a REST change feed (as the given role), collecting what arrives. */
class Feed {
  readonly events: FeedEvent[] = []
  readonly errors: unknown[] = []
  readonly #source: EventSource
  readonly opened: Promise<void>

  constructor(url: string, role?: string) {
    this.#source = new EventSource(url, {
      fetch: (input, init) => fetchOwnConnection(input, init, role === undefined ? {} : { 'X-MS-API-ROLE': role }),
    })
    for (const type of ['created', 'updated', 'deleted', 'error'])
      this.#source.addEventListener(type, (e) => {
        const message = e as { data?: unknown; lastEventId: string }
        if (typeof message.data !== 'string') return
        this.events.push({ type, id: message.lastEventId, data: JSON.parse(message.data) as FeedEvent['data'] })
      })
    this.opened = new Promise((resolve, reject) => {
      this.#source.onopen = () => resolve()
      this.#source.onerror = (e) =>
        reject(new Error(`the feed did not open: ${String((e as { message?: string }).message)}`))
    })
  }

  /** Waits until `count` events have arrived (the server answers quickly; the bound only stops a broken test). */
  async waitFor(count: number): Promise<readonly FeedEvent[]> {
    for (let i = 0; i < 200 && this.events.length < count; i++) await new Promise((r) => setTimeout(r, 25))
    return this.events
  }

  close(): void {
    this.#source.close()
  }
}

// The REST change feed over a real socket, read by a real EventSource client: each subscriber sees a change iff its
// own read of the row would return it, with that read's fields.
describe('the REST change feed (Server-Sent Events)', () => {
  let server: SluiceServer
  let base: string

  beforeAll(async () => {
    server = await startLibraryServer({
      // Heartbeats find clients that left (a closed EventSource) within a second.
      runtime: { host: { mode: 'development' }, subscriptions: { 'heartbeat-seconds': 1 } },
      entities: {
        Loan: { graphql: { subscription: true } },
        Book: {
          graphql: { subscription: { enabled: true, events: ['created', 'updated', 'deleted'] } },
          permissions: [
            { role: 'anonymous', actions: ['read'] },
            { role: 'authenticated', actions: ['*'] },
            {
              role: 'bargain',
              actions: [{ action: 'read', fields: { exclude: ['isbn'] }, policy: { database: '@item.price lt 20' } }],
            },
          ],
        },
      },
    })
    base = await server.listen(0, '127.0.0.1')
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A write as authenticated; its answer is read whole, so the client's connection is free again. */
  async function write(method: string, path: string, body?: unknown): Promise<string> {
    const response = await fetch(new URL(path, base), {
      method,
      headers: { 'content-type': 'application/json', 'X-MS-API-ROLE': 'authenticated' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(response.status).toBeLessThan(300)
    return response.text()
  }

  it('sends a created, an updated and a deleted event with the record as the read shows it', async () => {
    const feed = new Feed(new URL('/api/Book?$select=id,title,price', base).toString())
    await feed.opened
    const created = JSON.parse(
      await write('POST', '/api/Book', { title: 'Live One', publisher_id: 1, price: 12.5 }),
    ) as {
      value: [{ id: number }]
    }
    const id = created.value[0].id
    await write('PATCH', `/api/Book/id/${id}`, { title: 'Live One, revised' })
    await write('DELETE', `/api/Book/id/${id}`)
    const events = await feed.waitFor(3)
    feed.close()
    expect(events.map((e) => e.type)).toEqual(['created', 'updated', 'deleted'])
    expect(events.map((e) => e.data.record)).toEqual([
      { id, title: 'Live One', price: 12.5 },
      { id, title: 'Live One, revised', price: 12.5 },
      { id, title: 'Live One, revised', price: 12.5 },
    ])
    for (const e of events) {
      expect(e.id).toBe(e.data.eventId)
      expect(e.data.actorRole).toBe('authenticated')
      expect(Date.parse(e.data.utcDateTime)).not.toBeNaN()
    }
  })

  it("applies the subscriber's $filter and its role's row policy and field access", async () => {
    const filtered = new Feed(
      new URL(`/api/Book?$filter=${encodeURIComponent("startswith(title, 'Wanted')")}`, base).toString(),
    )
    const bargain = new Feed(new URL('/api/Book', base).toString(), 'bargain')
    await Promise.all([filtered.opened, bargain.opened])
    await write('POST', '/api/Book', { title: 'Wanted cheap', publisher_id: 1, price: 5, isbn: 'isbn-live-1' })
    await write('POST', '/api/Book', { title: 'Unwanted cheap', publisher_id: 1, price: 6 })
    await write('POST', '/api/Book', { title: 'Wanted dear', publisher_id: 1, price: 50 })
    const [f, b] = await Promise.all([filtered.waitFor(2), bargain.waitFor(2)])
    // A last write both see, so nothing else is still on its way.
    await write('POST', '/api/Book', { title: 'Wanted last', publisher_id: 1, price: 1 })
    await Promise.all([filtered.waitFor(3), bargain.waitFor(3)])
    filtered.close()
    bargain.close()
    expect(f.map((e) => e.data.record['title'])).toEqual(['Wanted cheap', 'Wanted dear', 'Wanted last'])
    expect(b.map((e) => e.data.record['title'])).toEqual(['Wanted cheap', 'Unwanted cheap', 'Wanted last'])
    // The bargain role may not read isbn: its records never carry it; anonymous's do.
    expect(b.every((e) => !('isbn' in e.data.record))).toBe(true)
    expect(f[0]!.data.record['isbn']).toBe('isbn-live-1')
  })

  it("refuses before the stream starts what the read would refuse, with the read's status", async () => {
    const cases: [string, string | undefined][] = [
      // Only authenticated may read loans: anonymous may not follow them either.
      ['/api/Loan', undefined],
      // The bargain role may not name isbn.
      ['/api/Book?$select=isbn', 'bargain'],
      [`/api/Book?$filter=${encodeURIComponent("isbn eq 'x'")}`, 'bargain'],
    ]
    for (const [path, role] of cases) {
      const roleHeader: Record<string, string> = role === undefined ? {} : { 'X-MS-API-ROLE': role }
      const read = await fetch(new URL(path, base), { headers: roleHeader })
      const feed = await fetch(new URL(path, base), { headers: { ...roleHeader, accept: 'text/event-stream' } })
      expect(read.status).toBeGreaterThanOrEqual(400)
      expect([path, feed.status, await feed.json()]).toEqual([path, read.status, await read.json()])
    }
    const notPublished = await fetch(new URL('/api/Publisher', base), { headers: { accept: 'text/event-stream' } })
    expect(notPublished.status).toBe(400)
    expect(((await notPublished.json()) as { error: { message: string } }).error.message).toContain(
      'graphql.subscription',
    )
    const paged = await fetch(new URL('/api/Book?$first=5', base), { headers: { accept: 'text/event-stream' } })
    expect([paged.status, ((await paged.json()) as { error: { message: string } }).error.message]).toEqual([
      400,
      'Invalid Query Parameter: $first does not apply to a change feed (only $filter and $select do)',
    ])
  })
})

describe('content negotiation of the change feed', () => {
  let server: SluiceServer
  beforeAll(async () => {
    server = await startLibraryServer({ entities: { Book: { graphql: { subscription: true } } } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('gives the read to a client that accepts JSON as well as event streams (as MCP clients ask)', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/Book?$first=1',
      headers: { accept: 'application/json, text/event-stream' },
    })
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8'])
  })
})
