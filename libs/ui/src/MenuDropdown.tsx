import { Dropdown, type MenuProps } from 'antd';
import { useEffect, type ReactElement } from 'react';

export type MenuDropdownProps = {
  menu: MenuProps;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button's id: it is focused again when it had focus before this module arrived (the button is remounted). */
  triggerId: string;
  refocus: boolean;
  children: ReactElement;
};

/** antd's Dropdown around a menu button: its own chunk, fetched when the button is approached (MenuButton). */
export default function MenuDropdown({ menu, open, onOpenChange, triggerId, refocus, children }: MenuDropdownProps) {
  useEffect(() => {
    if (refocus) document.getElementById(triggerId)?.focus();
  }, [refocus, triggerId]);
  return (
    <Dropdown trigger={['click']} menu={menu} open={open} onOpenChange={onOpenChange}>
      {children}
    </Dropdown>
  );
}
