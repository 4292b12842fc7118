/**
 * One counter per cache tag, in this process. An entry remembers the counters of its tags as they were before its
 * database read; a write bumps its tags' counters, so every entry that depends on them is stale from then on — the
 * entries are not searched for, they fail the check when next read (and age out of the LRU).
 */
export class TagGenerations {
  readonly #counters = new Map<string, number>()
  /** Bumped when everything is stale at once (the shared store lost messages). */
  #all = 0

  /** The counters of `tags`, everything's first. */
  snapshot(tags: readonly string[]): number[] {
    const snapshot = [this.#all]
    for (const tag of tags) snapshot.push(this.#counters.get(tag) ?? 0)
    return snapshot
  }

  isCurrent(tags: readonly string[], snapshot: readonly number[]): boolean {
    if (snapshot[0] !== this.#all) return false
    for (let i = 0; i < tags.length; i++) {
      if (snapshot[i + 1] !== (this.#counters.get(tags[i]!) ?? 0)) return false
    }
    return true
  }

  bump(tags: readonly string[]): void {
    for (const tag of tags) this.#counters.set(tag, (this.#counters.get(tag) ?? 0) + 1)
  }

  bumpAll(): void {
    this.#all++
  }
}
