import { useCallback } from "react";
import { useSearchParams } from "wouter";

/**
 * Screen state kept in the URL's query (issue 10): tabs, filters and search queries, so Back,
 * reload and a shared link open the same view. A value equal to its default is left out of the URL.
 */
export function useUrlParam(
  key: string,
  defaultValue = "",
): [string, (value: string, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(key) ?? defaultValue;
  const set = useCallback(
    (next: string, options: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const copy = new URLSearchParams(prev);
          if (next === defaultValue || next === "") copy.delete(key);
          else copy.set(key, next);
          return copy;
        },
        { replace: options.replace ?? false },
      );
    },
    [key, defaultValue, setParams],
  );
  return [value, set];
}

/** Several parameters at once (a filter form): keys not given are removed. */
export function useUrlParams(
  keys: readonly string[],
): [Record<string, string>, (values: Record<string, string>) => void] {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const set = useCallback(
    (next: Record<string, string>) => {
      setParams((prev) => {
        const copy = new URLSearchParams(prev);
        for (const k of keys) {
          if (next[k]) copy.set(k, next[k]);
          else copy.delete(k);
        }
        return copy;
      });
    },
    [keys, setParams],
  );
  return [values, set];
}
