import { act, render } from '@testing-library/react';
import { useScreens } from './screens';

/** A window of `width` px: matchMedia answers antd's min-/max-width queries, and tells its listeners of a resize. */
function windowOf(width: number) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  let now = width;
  window.matchMedia = ((query: string) => {
    const [, kind, px] = /\((min|max)-width: (\d+)px\)/.exec(query)!;
    return {
      get matches() {
        return kind === 'min' ? now >= Number(px) : now <= Number(px);
      },
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    };
  }) as never;
  return {
    resize(to: number) {
      now = to;
      act(() => listeners.forEach((fn) => fn()));
    },
    restore: () => (window.matchMedia = original),
  };
}

describe('useScreens', () => {
  it('knows a phone from the first render (antd’s own hook first answers with no breakpoint), and follows a resize', () => {
    const win = windowOf(390);
    const seen: (boolean | undefined)[] = [];
    function Probe() {
      seen.push(useScreens().md);
      return null;
    }
    try {
      render(<Probe />);
      expect(seen).toEqual([false]);
      win.resize(1366);
      expect(seen.at(-1)).toBe(true);
    } finally {
      win.restore();
    }
  });
});
