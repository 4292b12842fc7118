import { describe, expect, it } from 'vitest'
import { didYouMean, suggestSimilar } from './did-you-mean.js'

describe('didYouMean', () => {
  it('suggests near names, including swapped neighbours', () => {
    expect(didYouMean('titel', ['title', 'price'])).toBe(" Did you mean 'title'?")
    expect(didYouMean('paht', ['path', 'enabled'])).toBe(" Did you mean 'path'?")
    expect(suggestSimilar('Enabled', ['enabled'])).toEqual(['enabled'])
  })

  it('says nothing when nothing is close', () => {
    expect(didYouMean('zzz', ['title', 'price'])).toBe('')
  })

  it('lists several candidates with "or"', () => {
    expect(didYouMean('cat', ['car', 'cap', 'dog'])).toBe(" Did you mean 'cap' or 'car'?")
  })
})
