// Promise helpers for the node unit tests (timers are faked there, setImmediate is real).

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Runs every pending promise callback. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
