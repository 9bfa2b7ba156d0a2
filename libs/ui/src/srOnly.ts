import type { CSSProperties } from 'react';

/** Read out by screen readers, not shown (a remote may be rendered outside the shell's stylesheet, as in tests). */
export const srOnly: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** WCAG's comfortable touch target on phones. */
export const TOUCH_PX = 44;
