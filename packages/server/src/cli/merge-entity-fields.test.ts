import { describe, expect, it } from 'vitest'
import { mergeEntityFields } from './merge-entity-fields.js'

describe('mergeEntityFields', () => {
  it('turns --map into aliases in fields, folding in legacy mappings and key-fields', () => {
    const entity = { source: { object: 'books', 'key-fields': ['id'] }, mappings: { title: 'Title' } }
    expect(
      mergeEntityFields(entity, {
        map: [
          ['isbn', 'ISBN'],
          ['TITLE', 'Name'],
        ],
      }),
    ).toEqual([
      { name: 'title', alias: 'Name', 'primary-key': false },
      { name: 'id', 'primary-key': true },
      { name: 'isbn', alias: 'ISBN', 'primary-key': false },
    ])
  })

  it('merges --fields.* by column name, keeping what is not given', () => {
    const entity = {
      fields: [
        { name: 'id', 'primary-key': true },
        { name: 'title', description: 'Title of the book' },
      ],
    }
    expect(
      mergeEntityFields(entity, {
        fields: [
          { name: 'title', alias: 'name' },
          { name: 'isbn', 'primary-key': false },
        ],
      }),
    ).toEqual([
      { name: 'id', 'primary-key': true },
      { name: 'title', alias: 'name', description: 'Title of the book', 'primary-key': false },
      { name: 'isbn', 'primary-key': false },
    ])
  })

  it("refuses fields together with a map, and aliases used twice (dab's messages)", () => {
    expect(() => mergeEntityFields({}, { fields: [{ name: 'a' }], map: [['b', 'c']] })).toThrow(
      "Entity cannot define both 'fields' and 'mappings'. Please use only one.",
    )
    expect(() =>
      mergeEntityFields(
        {},
        {
          map: [
            ['a', 'x'],
            ['b', 'x'],
          ],
        },
      ),
    ).toThrow("Alias 'x' is not unique within the entity.")
  })

  it('asks for nothing when no field option is given', () => {
    expect(mergeEntityFields({ mappings: { a: 'b' } }, {})).toBeUndefined()
  })
})
