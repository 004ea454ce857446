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
      // Start from the address bar itself: another hook may have written it in this same event.
      const current = new URLSearchParams(window.location.search);
      const copy = new URLSearchParams(current);
      if (next === defaultValue || next === "") copy.delete(key);
      else copy.set(key, next);
      // A tab reports its choice on both mouse-down and focus; a second identical entry would make
      // Back land on the same view.
      if (copy.toString() === current.toString()) return;
      setParams(copy, { replace: options.replace ?? false });
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

/**
 * The screen's tab from the URL's `tab`, one of `tabs`; any other value (a mistyped or out-of-date
 * bookmark) is the default tab, shown and selected, rather than a tab bar with none selected over a
 * blank page (review r33-a #4). Choosing a tab writes it as `useUrlParam` does.
 */
export function useUrlTab<T extends string>(
  tabs: readonly T[],
  defaultTab: T,
): [T, (value: string, options?: { replace?: boolean }) => void] {
  const [param, setTab] = useUrlParam("tab", defaultTab);
  const tab = (tabs as readonly string[]).includes(param) ? (param as T) : defaultTab;
  return [tab, setTab];
}
