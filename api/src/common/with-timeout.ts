/** Resolves with `work`'s answer, or rejects with `onTimeout()` once `ms` have passed (the work itself goes on). */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
