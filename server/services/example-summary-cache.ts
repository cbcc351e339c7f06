/**
 * Summaries of the shipped example scenarios, kept per process. Loading an example to say what it
 * holds builds its whole fleet and trace (about 2 s of the server's only thread for the six-zone one)
 * and the experiment form asks for it on every visit, holding up every other request meanwhile. The
 * examples ship with the app; the example's JSON is part of the key, so an edited one is loaded again.
 */

/** Most summaries kept (the examples folder holds a handful). */
const CACHE_LIMIT = 32;

const cache = new Map<string, Promise<unknown>>();

/** `load()` once per example file and contents; a failed load is not kept. */
export function cachedExampleSummary<T>(file: string, document: unknown, load: () => Promise<T>): Promise<T> {
  const key = `${file}\n${JSON.stringify(document)}`;
  const hit = cache.get(key);
  if (hit) return hit as Promise<T>;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  const value = load();
  cache.set(key, value);
  value.catch(() => cache.get(key) === value && cache.delete(key));
  return value;
}
