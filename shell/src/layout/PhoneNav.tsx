import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Menu, type MenuProps } from 'antd';
import { useRef, useState } from 'react';

/** True below antd's md breakpoint (768 px), where the sidebar gives way to a menu in a drawer. Unknown (first
 * render, before antd has measured) counts as not a phone, so desktop never flashes a phone layout. */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}

type Items = NonNullable<MenuProps['items']>;

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
  items: Items;
  selected: string[];
  onNavigate: (path: string) => void;
  dark: boolean;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="text"
        icon={<MenuOutlined />}
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls="phone-nav"
        onClick={() => setOpen(true)}
        style={{ width: 44, height: 44, flexShrink: 0 }}
      />
      <Drawer
        id="phone-nav"
        title="Mentor Portal"
        placement="left"
        size={280}
        open={open}
        onClose={() => setOpen(false)}
        afterOpenChange={(isOpen) => {
          if (!isOpen) button.current?.focus();
        }}
        rootClassName="touch-targets"
        styles={{ body: { padding: 0 } }}
      >
        <Menu
          mode="inline"
          selectedKeys={selected}
          items={items}
          onClick={(e) => {
            setOpen(false);
            onNavigate(e.key);
          }}
          theme={dark ? 'dark' : 'light'}
          style={{ borderInlineEnd: 0, background: 'transparent' }}
          aria-label="Main navigation"
        />
      </Drawer>
    </>
  );
}
