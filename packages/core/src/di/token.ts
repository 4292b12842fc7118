/**
 * A typed injection token. At run time it is a unique symbol; the phantom `__type` lets `resolve(token)` return
 * the right type, which tsyringe's untyped string/symbol tokens cannot.
 */
export type Token<T> = symbol & { readonly __type?: T }

export function createToken<T>(description: string): Token<T> {
  return Symbol(`sluice:${description}`) as Token<T>
}
