import { useLayoutEffect, useRef, useState } from 'react';

/** Room left for the chat below its top edge, so the composer sits at the bottom of the screen (phone or desktop). */
export function useRestOfViewport(minHeight: number, ...deps: unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (el) setTop(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // dvh: the height that is visible, also when a phone's browser bars or keyboard take part of the screen.
  const height = top === null ? 'calc(100dvh - 230px)' : `calc(100dvh - ${Math.round(top) + 24}px)`;
  return [ref, { height, minHeight }] as const;
}
