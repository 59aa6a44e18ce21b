/**
 * The project monitor keeps what its reports show in the address (`?view=reports&equipment=7&report=4`,
 * `?view=custom&custom=5`), as the EG detail keeps its tab, so a link or a reload opens the same report and Back
 * returns to the one before.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { positiveIdOf } from '@/lib/paths';

/** Parameters to set (a value) or drop (null), the others kept. */
export type SearchPatch = Record<string, string | number | null>;

/**
 * The address's parameters and a setter of several at once (react-router's setter does not compose two calls in one
 * event: the second starts from the address before the first).
 */
export function useSearchPatch(): [URLSearchParams, (patch: SearchPatch, options?: { replace?: boolean }) => void] {
  const [search, setSearch] = useSearchParams();
  const patch = useCallback(
    (changes: SearchPatch, options?: { replace?: boolean }) =>
      setSearch(
        (current) => {
          const copy = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null) copy.delete(name);
            else copy.set(name, String(value));
          }
          return copy;
        },
        { replace: options?.replace ?? false },
      ),
    [setSearch],
  );
  return [search, patch];
}

/** The id parameter `name` of `search`, null when absent or not an id. */
export function idParam(search: URLSearchParams, name: string): number | null {
  return positiveIdOf(search.get(name) ?? undefined);
}
