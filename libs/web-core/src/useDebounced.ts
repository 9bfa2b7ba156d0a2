import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `ms` (search boxes: 500 ms, SPEC.md section 9). */
export function useDebounced<T>(value: T, ms = 500): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}
