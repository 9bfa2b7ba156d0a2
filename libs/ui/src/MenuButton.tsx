import type { MenuProps } from 'antd';
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

const loadDropdown = () => import('./MenuDropdown');
const MenuDropdown = lazy(loadDropdown);

type TriggerProps = {
  /** Required: the button is focused again by id once the menu's code has arrived. */
  id: string;
  onClick?: () => void;
  onFocus?: () => void;
  onPointerEnter?: () => void;
};

/**
 * A button that opens a menu (antd's Dropdown, clicked). The Dropdown, with the Dropdown.Button and Space it imports,
 * is not part of a page's first download: it is fetched when the pointer or keyboard focus reaches the button, and a
 * click that comes first opens the menu as soon as it has arrived.
 */
export function MenuButton({ menu, children }: { menu: MenuProps; children: ReactElement<TriggerProps> }) {
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const { id } = children.props;

  if (!loaded) {
    const prepare = () =>
      void loadDropdown().then(
        () => {
          setRefocus(document.activeElement?.id === id);
          setLoaded(true);
        },
        () => undefined, // offline: the next approach tries again
      );
    return cloneElement(children, {
      onPointerEnter: prepare,
      onFocus: prepare,
      onClick: () => {
        setOpen(true);
        prepare();
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <MenuDropdown menu={menu} open={open} onOpenChange={setOpen} triggerId={id} refocus={refocus}>
        {children}
      </MenuDropdown>
    </Suspense>
  );
}
