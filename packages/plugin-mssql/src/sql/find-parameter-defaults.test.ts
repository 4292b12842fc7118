import { describe, expect, it } from 'vitest'
import { findParameterDefaults } from './find-parameter-defaults.js'

describe('findParameterDefaults', () => {
  it('finds parameters declared with a default in the procedure header', () => {
    const definition = `CREATE PROCEDURE [dbo].[get_books]
      @author NVARCHAR(100),
      @year INT = 2000, -- the first year
      @price DECIMAL(10, 2) = NULL,
      @tag nvarchar(max)='a, b = c' OUTPUT
    AS
    BEGIN
      DECLARE @local INT = 5;
      SELECT @author AS a WHERE @year = 1
    END`
    expect([...findParameterDefaults(definition)]).toEqual(['year', 'price', 'tag'])
  })

  it('handles CREATE OR ALTER PROC, parentheses around the list, bracketed types and comments that look like defaults', () => {
    const definition = `/* @x int = 1 */ create or alter proc s.p (@X int /* = 2 */, @Y [int]=3) with recompile as select 1`
    expect([...findParameterDefaults(definition)]).toEqual(['y'])
  })

  it('finds nothing without a definition (encrypted procedures) or without parameters', () => {
    expect(findParameterDefaults(null).size).toBe(0)
    expect(findParameterDefaults('CREATE PROCEDURE p AS SELECT @@VERSION').size).toBe(0)
  })
})
