import type { Logger } from '@nestjs/common';

/**
 * A sweep run on a timer of each instance: one run at a time on this instance, a failure logged and tried again at the
 * next tick. What makes each piece of work happen once across instances is the sweep's own conditional update.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly what: string,
    private readonly run: () => Promise<number>,
    private readonly done: (n: number) => string,
  ) {}

  /** Every `every` milliseconds; 0: never by itself (tests call `sweep`). */
  start(every: number): void {
    if (every <= 0) return;
    this.timer = setInterval(() => void this.sweep(), every);
    this.timer.unref?.();
  }

  sweep(): Promise<unknown> {
    this.running ??= this.run()
      .then((n) => n && this.logger.log(this.done(n)))
      .catch((e: Error) => this.logger.error(`${this.what}: ${e.message}`))
      .finally(() => (this.running = null));
    return this.running;
  }

  /** Stops the timer and waits for a sweep under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
