/** SPEC.md section 9: scrollbars hide about a second after scrolling stops. */
export const SCROLLBAR_HIDE_MS = 1000;
/** Set on an element while it scrolls; shell/index.html shows that element's scrollbar only then. */
export const SCROLLING_CLASS = 'is-scrolling';

/**
 * Marks whatever scrolls (the page or any box in it, however it was scrolled: wheel, touch, keys, find-in-page) with
 * SCROLLING_CLASS until it has been still for SCROLLBAR_HIDE_MS. One passive listener for the whole page: scroll events
 * do not bubble, but they reach a capturing listener on the document. Returns a function that stops it.
 */
export function autoHideScrollbars(doc: Document = document, delay = SCROLLBAR_HIDE_MS): () => void {
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const onScroll = (e: Event) => {
    const el = e.target instanceof Element ? e.target : (doc.scrollingElement ?? doc.documentElement);
    if (!el) return;
    el.classList.add(SCROLLING_CLASS);
    clearTimeout(timers.get(el));
    timers.set(
      el,
      setTimeout(() => {
        el.classList.remove(SCROLLING_CLASS);
        timers.delete(el);
      }, delay),
    );
  };
  doc.addEventListener('scroll', onScroll, { capture: true, passive: true });
  return () => {
    doc.removeEventListener('scroll', onScroll, { capture: true });
    timers.forEach((t, el) => {
      clearTimeout(t);
      el.classList.remove(SCROLLING_CLASS);
    });
    timers.clear();
  };
}
