import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { classifyPostgresError } from '@sluice/plugin-postgres/sql'
import { PGliteDriver } from '../src/pglite-driver.js'

describe('classifyPostgresError on real PGlite errors', () => {
  const driver = new PGliteDriver({ dataDir: undefined })
  const failure = (sql: string, parameters: unknown[] = []): Promise<unknown> =>
    driver.execute({ sql, parameters }).then(
      () => {
        throw new Error(`expected ${sql} to fail`)
      },
      (e: unknown) => e,
    )

  beforeAll(async () => {
    for (const sql of [
      'CREATE TABLE publishers (id int PRIMARY KEY, name text NOT NULL)',
      "CREATE TABLE books (id int PRIMARY KEY, title text NOT NULL CHECK (title <> ''), publisher_id int REFERENCES publishers (id), pages int)",
      "INSERT INTO publishers VALUES (1, 'Big Company')",
    ])
      await driver.execute({ sql, parameters: [] })
  })
  afterAll(() => driver.destroy())

  it('sorts a duplicate key as unique, with the detail in the message', async () => {
    expect(classifyPostgresError(await failure("INSERT INTO publishers VALUES (1, 'Again')"))).toEqual({
      kind: 'unique',
      message: '23505: duplicate key value violates unique constraint "publishers_pkey" (Key (id)=(1) already exists.)',
    })
  })

  it('sorts a missing required value as not-null', async () => {
    expect(classifyPostgresError(await failure('INSERT INTO publishers (id) VALUES (2)')).kind).toBe('not-null')
  })

  it('sorts a missing referenced row, and a still-referenced row, as foreign-key', async () => {
    expect(classifyPostgresError(await failure("INSERT INTO books VALUES (1, 'T', 99)")).kind).toBe('foreign-key')
    await driver.execute({ sql: "INSERT INTO books VALUES (2, 'T', 1)", parameters: [] })
    expect(classifyPostgresError(await failure('DELETE FROM publishers WHERE id = 1')).kind).toBe('foreign-key')
  })

  it('sorts a check violation as check', async () => {
    expect(classifyPostgresError(await failure("INSERT INTO books VALUES (3, '', 1)")).kind).toBe('check')
  })

  it('sorts bad casts, out-of-range values and type mismatches as invalid-input', async () => {
    expect(classifyPostgresError(await failure('SELECT $1::int', ['abc'])).kind).toBe('invalid-input')
    expect(classifyPostgresError(await failure("SELECT 'not a date'::date")).kind).toBe('invalid-input')
    expect(classifyPostgresError(await failure('SELECT 99999999999::int4')).kind).toBe('invalid-input')
    expect(
      classifyPostgresError(await failure("INSERT INTO books (id, title, pages) VALUES (4, 'T', true)")).kind,
    ).toBe('invalid-input')
  })

  it('sorts other failures as other', async () => {
    expect(classifyPostgresError(await failure('SELECT * FROM no_such_table')).kind).toBe('other')
  })
})
