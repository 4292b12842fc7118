import { describe, expect, it } from 'vitest'
import { query, useLibraryServer } from './support/library-test-server.js'
import { call, expectError, jwtRuntime, token } from './support/jwt-helpers.js'

// Field-level access rules 1–6 (SPEC §Permissions) for callers authenticated with a JWT, over REST in production.
describe('field access for JWT callers (SPEC §Permissions rules 1–6)', () => {
  const library = useLibraryServer({
    runtime: jwtRuntime('production'),
    entities: {
      Author: {
        permissions: [
          { role: 'anonymous', actions: [{ action: 'read', fields: { include: ['*'], exclude: ['email'] } }] },
          {
            role: 'authenticated',
            actions: [
              // Rule 2: the exclusion outside the included set (birth_year) is ignored; email is removed.
              { action: 'read', fields: { include: ['id', 'name', 'email'], exclude: ['email', 'birth_year'] } },
              // Rule 3: update has its own list: email is writable though not readable; name is readable, not writable.
              { action: 'update', fields: { include: ['email', 'birth_year'] } },
              // A plain string: no field restriction (rule 3).
              'create',
            ],
          },
          // Rule 1: no `fields` key means every field.
          { role: 'archivist', actions: ['read'] },
        ],
      },
    },
  })

  const asUser = () => token({ sub: 'user-1' })
  const asArchivist = () => token({ sub: 'archivist-1', roles: ['archivist'] })

  it('rule 1: an action without fields grants every field', async () => {
    const response = await call(library, '/api/Author/id/2', { token: await asArchivist(), role: 'archivist' })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({
      value: [{ id: 2, name: 'Bruno Castellane', birthYear: 1975, email: 'bruno.castellane@example.com' }],
    })
  })

  it('rules 2 and 6: reads without $select return exactly include − exclude (by key and collection)', async () => {
    const jwt = await asUser()
    const one = await call(library, '/api/Author/id/2', { token: jwt })
    expect(one.status, one.text).toBe(200)
    expect(one.body).toEqual({ value: [{ id: 2, name: 'Bruno Castellane' }] })
    const all = await call(library, `/api/Author${query({ $orderby: 'id', $first: 3 })}`, { token: jwt })
    expect(all.status, all.text).toBe(200)
    expect(all.body.value).toEqual([
      { id: 1, name: 'Ada Whitfield' },
      { id: 2, name: 'Bruno Castellane' },
      { id: 3, name: 'Chiara Moretti' },
    ])
    // And anonymous (no token) gets its own list: everything but email.
    const anonymous = await call(library, '/api/Author/id/2')
    expect(anonymous.body).toEqual({ value: [{ id: 2, name: 'Bruno Castellane', birthYear: 1975 }] })
  })

  it('rule 5: $select, $filter and $orderby naming a field the role may not read are 400', async () => {
    const jwt = await asUser()
    for (const field of ['email', 'birthYear']) {
      expectError(
        await call(library, `/api/Author${query({ $select: `id,${field}` })}`, { token: jwt }),
        400,
        `Invalid field '${field}' in $select`,
      )
      expectError(
        await call(library, `/api/Author/id/1${query({ $select: field })}`, { token: jwt }),
        400,
        `Invalid field '${field}' in $select`,
      )
      expectError(
        await call(library, `/api/Author${query({ $filter: `${field} eq null` })}`, { token: jwt }),
        400,
        `Invalid field '${field}' in $filter`,
      )
      expectError(
        await call(library, `/api/Author${query({ $orderby: `${field} desc` })}`, { token: jwt }),
        400,
        `Invalid field '${field}' in $orderby`,
      )
    }
    // The same queries on permitted fields work.
    const ok = await call(
      library,
      `/api/Author${query({ $select: 'name', $filter: "name eq 'Wen Li'", $orderby: 'name' })}`,
      { token: jwt },
    )
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.value).toEqual([{ name: 'Wen Li' }])
  })

  it('rule 5: a field forbidden to one role is allowed to another in the same request shape', async () => {
    const response = await call(
      library,
      `/api/Author${query({ $select: 'email', $filter: "email eq 'wen.li@example.org'" })}`,
      { token: await asArchivist(), role: 'archivist' },
    )
    expect(response.status, response.text).toBe(200)
    expect(response.body.value).toEqual([{ email: 'wen.li@example.org' }])
  })

  it('rule 3: a field readable but not updatable is 400 in a PATCH body; nothing changes', async () => {
    const jwt = await asUser()
    const refused = await call(library, '/api/Author/id/4', {
      method: 'PATCH',
      token: jwt,
      body: { name: 'Dan Okafor' },
    })
    expectError(refused, 400, "Invalid field 'name' in request body")
    const row = await call(library, '/api/Author/id/4', { token: await asArchivist(), role: 'archivist' })
    expect(row.body.value).toEqual([
      { id: 4, name: 'Daniel Okafor', birthYear: 1970, email: 'daniel.okafor@example.com' },
    ])
  })

  it('rule 3 and the returned record: an updatable but unreadable field is written, and the response shows only read fields', async () => {
    const jwt = await asUser()
    const response = await call(library, '/api/Author/id/5', {
      method: 'PATCH',
      token: jwt,
      body: { email: 'elena@example.net', birthYear: 1971 },
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({ value: [{ id: 5, name: 'Elena Petrova' }] })
    const row = await call(library, '/api/Author/id/5', { token: await asArchivist(), role: 'archivist' })
    expect(row.body.value).toEqual([{ id: 5, name: 'Elena Petrova', birthYear: 1971, email: 'elena@example.net' }])
  })

  it("the record a POST returns holds only the role's read fields", async () => {
    const response = await call(library, '/api/Author', {
      method: 'POST',
      token: await asUser(),
      body: { name: 'New Author', birthYear: 2000, email: 'new@example.org' },
    })
    expect(response.status, response.text).toBe(201)
    expect(Object.keys(response.body.value[0]).sort()).toEqual(['id', 'name'])
    expect(response.body.value[0].name).toBe('New Author')
    const row = await call(library, `/api/Author/id/${response.body.value[0].id}`, {
      token: await asArchivist(),
      role: 'archivist',
    })
    expect(row.body.value).toEqual([
      { id: response.body.value[0].id, name: 'New Author', birthYear: 2000, email: 'new@example.org' },
    ])
  })
})
