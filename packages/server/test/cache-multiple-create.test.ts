import { describe, expect, it } from 'vitest'
import { dataOf, graphql } from './graphql-helpers.js'
import { useLibraryServer, type LibraryTestServer } from './support/library-test-server.js'

const AUTH = { role: 'authenticated' }

/** Runs SQL on the sample's database without going through the pipeline (so the cache does not hear of it). */
async function behindTheCache(server: LibraryTestServer, sql: string): Promise<void> {
  await server.server.sluice.driver.execute({ sql, parameters: [], name: undefined })
}

/**
 * Multiple create runs its statements through the execute stage (issue 37: no side road), so the response cache
 * sees each one: it evicts what those statements wrote — once the transaction has ended — and nothing else.
 */
describe('response cache and multiple create', () => {
  const library = useLibraryServer({
    runtime: {
      cache: { enabled: true, 'ttl-seconds': 600 },
      graphql: { 'multiple-mutations': { create: { enabled: true } } },
    },
  })
  const read = async (url: string): Promise<any[]> => (await library.request(url, AUTH)).body.value

  it('evicts the tables a nested create wrote, after its commit, and keeps what it did not touch', async () => {
    const publishers = await read('/api/Publisher?$orderby=id desc&$first=1')
    const authorBefore = (await read('/api/Author/id/1'))[0]
    // A change the cache cannot see: only an eviction shows it.
    await behindTheCache(library, "update authors set name = 'Renamed behind the cache' where id = 1")
    const data = dataOf(
      await graphql(
        library,
        `
          mutation {
            createPublisher(item: { name: "Cache House", books: [{ title: "Cache Book" }] }) {
              id
            }
          }
        `,
        AUTH,
      ),
    )
    expect((await read('/api/Publisher?$orderby=id desc&$first=1'))[0]).toMatchObject({
      id: data.createPublisher.id,
      name: 'Cache House',
    })
    expect(publishers[0].id).not.toBe(data.createPublisher.id)
    expect(await read(`/api/Book?$filter=publisher_id eq ${data.createPublisher.id}&$select=title`)).toEqual([
      { title: 'Cache Book' },
    ])
    // Authors were not written: their cached read stands (it used to be evicted with everything on the data source).
    expect((await read('/api/Author/id/1'))[0]).toEqual(authorBefore)
  })

  it('evicts nothing for a batch refused before it wrote', async () => {
    const cached = await read('/api/Publisher/id/2')
    await behindTheCache(library, "update publishers set name = 'Hidden change' where id = 2")
    const refused = await graphql(library, 'mutation { createPublisher(item: { name: "Nobody" }) { id } }')
    expect(refused.body.errors[0].extensions).toEqual({
      code: 'AUTH_NOT_AUTHENTICATED',
      sluiceCode: 'SLUICE_ERR_FORBIDDEN',
      status: 403,
    })
    expect(await read('/api/Publisher/id/2')).toEqual(cached)
  })
})
