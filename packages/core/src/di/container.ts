import './reflect-polyfill.js'
import { container as rootContainer, Lifecycle, type DependencyContainer } from 'tsyringe'
import type { Token } from './token.js'

export { inject, injectable } from 'tsyringe'

export type Constructor<T> = new (...args: never[]) => T

/** How a token gets its value. Classes and factories are singletons: resolved once, at boot. */
export type Provider<T> =
  | { readonly useValue: T }
  | { readonly useClass: Constructor<T> }
  | { readonly useFactory: (container: SluiceContainer) => T }

/**
 * A typed facade over one tsyringe child container. The server creates exactly one per app and fills it through
 * plugins' `register`; nothing per request ever touches it (per-request data travels in `RequestContext`).
 */
export class SluiceContainer {
  readonly #c: DependencyContainer

  constructor() {
    this.#c = rootContainer.createChildContainer()
  }

  register<T>(token: Token<T>, provider: Provider<T>): void {
    if ('useValue' in provider) {
      this.#c.register(token, { useValue: provider.useValue })
    } else if ('useClass' in provider) {
      this.#c.register(token, { useClass: provider.useClass as never }, { lifecycle: Lifecycle.Singleton })
    } else {
      let made = false
      let value: T
      const factory = provider.useFactory
      this.#c.register(token, {
        useFactory: () => {
          if (!made) {
            value = factory(this)
            made = true
          }
          return value
        },
      })
    }
  }

  resolve<T>(token: Token<T>): T {
    return this.#c.resolve<T>(token)
  }

  isRegistered(token: Token<unknown>): boolean {
    return this.#c.isRegistered(token, true)
  }
}
