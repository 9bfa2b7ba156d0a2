import type { ReactNode } from 'react';
import { srOnly, TOUCH_PX } from '@portal/ui';

/** A list row's content as a real button (keyboard, screen readers), named by what it shows after `verb`. */
export function RowButton({ verb, onPress, children }: { verb: string; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onPress}
      style={{
        display: 'block',
        width: '100%',
        minHeight: TOUCH_PX,
        padding: 0,
        border: 0,
        background: 'transparent',
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
        cursor: 'pointer',
      }}
    >
      <span style={srOnly}>{verb} </span>
      {children}
    </button>
  );
}
