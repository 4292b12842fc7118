import { randomFillSync } from 'node:crypto'

/**
 * Cryptographically random bytes handed out from a pre-filled pool: one system call per 4 KiB instead of one per
 * request (IVs for cursor sealing are requested on every page that has a next page).
 */
export class RandomBytesPool {
  readonly #pool = Buffer.allocUnsafe(4096)
  #offset = this.#pool.length

  take(length: number): Buffer {
    if (length > this.#pool.length) return randomFillSync(Buffer.allocUnsafe(length))
    if (this.#offset + length > this.#pool.length) {
      randomFillSync(this.#pool)
      this.#offset = 0
    }
    const bytes = Buffer.from(this.#pool.subarray(this.#offset, this.#offset + length))
    this.#offset += length
    return bytes
  }
}
