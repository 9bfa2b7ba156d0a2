/**
 * A collaborator another module hands over at start-up, where injecting it would make an import cycle (the realtime
 * module's socket push, the attendance module's register checks). Nothing fails open: using it unwired throws, and its
 * holder checks it at start (`assertWired` in onApplicationBootstrap), so a missing wiring stops the start.
 */
export class Wired<T> {
  private value: T | null = null;

  constructor(private readonly what: string) {}

  set(value: T): void {
    this.value = value;
  }

  get(): T {
    if (this.value === null) throw new Error(`Not wired at start-up: ${this.what}`);
    return this.value;
  }
}

/** Fails the start when any of these is not wired. */
export function assertWired(...wired: Wired<unknown>[]): void {
  for (const w of wired) w.get();
}
