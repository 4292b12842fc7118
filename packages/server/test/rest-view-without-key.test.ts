import { describe, expect, it } from 'vitest'
import { startLibraryServer } from './support/library-test-server.js'

describe('views without key fields', () => {
  it('are refused at start-up, so a by-key read can never reach a keyless view', async () => {
    const started = startLibraryServer({
      entities: { BookDetail: { fields: [{ name: 'publisher_name', alias: 'publisher' }] } },
    })
    await expect(started).rejects.toMatchObject({ code: 'SLUICE_ERR_MODEL', message: expect.stringMatching(/book_details has no key/) })
  })
})
