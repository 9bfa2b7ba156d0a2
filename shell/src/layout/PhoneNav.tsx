import { MenuOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { useScreens } from '@portal/web-core';
import { lazy, Suspense, useRef, useState } from 'react';
import { useShellT } from '../i18n';

// The drawer loads on the first tap: antd's Drawer brings the form library with it (its no-form-style context),
// which no dashboard should pay for.
const PhoneNavDrawer = lazy(() => import('./PhoneNavDrawer').then((m) => ({ default: m.PhoneNavDrawer })));

/** True below antd's md breakpoint (768 px), where the sidebar gives way to a menu in a drawer. Unknown (first
 * render, before antd has measured) counts as not a phone, so desktop never flashes a phone layout. */
export function usePhone(): boolean {
  return useScreens().md === false;
}

export type NavItems = NonNullable<MenuProps['items']>;

/**
 * The phone's main menu: a 44 px header button that opens the same entries as the sidebar, with their labels, in a
 * drawer. Choosing an entry navigates and closes it; Escape closes it; either way focus goes back to the button.
 */
export function PhoneNav({
  items,
  selected,
  onNavigate,
  dark,
}: {
  items: NavItems;
  selected: string[];
  onNavigate: (path: string) => void;
  dark: boolean;
}) {
  const { t } = useShellT();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing animates and opening again is instant.
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="text"
        icon={<MenuOutlined aria-hidden />}
        aria-label={t('layout.openMenu')}
        aria-expanded={open}
        aria-controls="phone-nav"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        style={{ width: 44, height: 44, flexShrink: 0 }}
      />
      {used && (
        <Suspense fallback={null}>
          <PhoneNavDrawer
            open={open}
            items={items}
            selected={selected}
            dark={dark}
            onClose={() => setOpen(false)}
            onClosed={() => button.current?.focus()}
            onNavigate={(path) => {
              setOpen(false);
              onNavigate(path);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
