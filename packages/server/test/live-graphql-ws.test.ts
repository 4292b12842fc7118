import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, connect } from './support/graphql-ws-client.js'
import { startLibraryServer } from './support/library-test-server.js'
import type { SluiceServer } from '../src/index.js'

// GraphQL subscriptions over WebSocket with a real graphql-ws client: DAB's field names and payload, and each
// subscriber's record as its own read shows it.
describe('GraphQL subscriptions over WebSocket (graphql-ws)', () => {
  let server: SluiceServer
  let http: string
  let ws: string

  beforeAll(async () => {
    server = await startLibraryServer({
      runtime: { host: { mode: 'development' } },
      entities: {
        Book: {
          graphql: { subscription: { enabled: true, events: ['created', 'deleted'] } },
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
    http = await server.listen(0, '127.0.0.1')
    ws = `${http.replace(/^http/, 'ws')}/graphql`
  })
  afterAll(async () => {
    await server?.close()
  })

  async function graphql(query: string, role = 'authenticated'): Promise<any> {
    const response = await fetch(new URL('/graphql', http), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-MS-API-ROLE': role },
      body: JSON.stringify({ query }),
    })
    return { status: response.status, body: await response.json() }
  }

  /** Waits until the server holds exactly `n` subscriptions (those of a previous test gone), so a write made next is heard. */
  async function subscribed(n: number): Promise<void> {
    for (let i = 0; i < 500 && (server.sluice.live?.size ?? 0) !== n; i++) await new Promise((r) => setTimeout(r, 10))
    expect(server.sluice.live?.size).toBe(n)
  }

  it('publishes bookCreated and bookDeleted with the payload of the caller selection', async () => {
    const client = connect(ws)
    const created = collect(
      client,
      'subscription { bookCreated(filter: { title: { startsWith: "GQL" } }) { eventId utcDateTime actorRole record { id title publisher { name } } } }',
      1,
    )
    const deleted = collect(client, 'subscription { bookDeleted { record { id title } } }', 1)
    await subscribed(2)
    await graphql('mutation { createBook(item: { title: "Not this one", publisher_id: 1 }) { id } }')
    const made = await graphql('mutation { createBook(item: { title: "GQL Live", publisher_id: 1, price: 3 }) { id } }')
    const id = made.body.data.createBook.id as number
    await graphql(`mutation { deleteBook(id: ${id}) { id } }`)
    const [c] = await created.done
    const [d] = await deleted.done
    await client.dispose()
    const event = c!.data!['bookCreated']
    expect(event.record).toEqual({ id, title: 'GQL Live', publisher: { name: expect.any(String) } })
    expect(event.actorRole).toBe('authenticated')
    expect(typeof event.eventId).toBe('string')
    expect(d!.data!['bookDeleted'].record.id).toBeGreaterThanOrEqual(5001)
  })

  it('gives each role its own read: the bargain role hears only cheap books and may not select isbn', async () => {
    await subscribed(0)
    const client = connect(ws, 'bargain')
    const cheap = collect(client, 'subscription { bookCreated { record { title price } } }', 1)
    await subscribed(1)
    await graphql('mutation { createBook(item: { title: "Dear", publisher_id: 1, price: 90 }) { id } }')
    await graphql('mutation { createBook(item: { title: "Cheap", publisher_id: 1, price: 9 }) { id } }')
    const [first] = await cheap.done
    expect(first!.data!['bookCreated'].record).toEqual({ title: 'Cheap', price: 9 })
    const refused = await collect(client, 'subscription { bookCreated { record { isbn } } }', 1).done
    await client.dispose()
    expect(refused[0]!.errors?.[0]).toMatchObject({ extensions: { sluiceCode: expect.stringMatching(/^SLUICE_ERR_/) } })
  })

  it('serves only subscriptions over the socket, and refuses a subscription over plain HTTP', async () => {
    const client = connect(ws)
    const query = await collect(client, '{ books(first: 1) { items { id } } }', 1).done
    await client.dispose()
    expect(query[0]!.errors?.[0]?.message).toMatch(/Only subscriptions are served over WebSocket/)
    const overHttp = await graphql('subscription { bookCreated { record { id } } }')
    expect(overHttp.body.errors[0].message).toMatch(/Subscriptions are served over WebSocket/)
  })
})
