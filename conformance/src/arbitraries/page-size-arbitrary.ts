import * as fc from 'fast-check'

/** Page sizes for `$first`: 1 to 7 (small, so walks cross many page boundaries), or `undefined` for the default. */
export const pageSizeArbitrary: fc.Arbitrary<number | undefined> = fc.option(fc.integer({ min: 1, max: 7 }), {
  nil: undefined,
  freq: 4,
})
