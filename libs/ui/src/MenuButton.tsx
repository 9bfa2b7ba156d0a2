import type { MenuProps } from 'antd';
import { cloneElement, lazy, Suspense, useRef, useState, type ReactElement } from 'react';

const loadDropdown = () => import('./MenuDropdown');
const MenuDropdown = lazy(loadDropdown);

type TriggerProps = {
  /** Required: the button is focused again by id once the menu's code has arrived. */
  id: string;
  onClick?: () => void;
  onFocus?: () => void;
  onPointerEnter?: () => void;
  onPointerDown?: () => void;
  onPointerLeave?: () => void;
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
  // The menu's code arriving between a press and its release would swap the button for the Dropdown's between the two,
  // and the browser, seeing them on different elements, would send no click: the swap waits for the release.
  const press = useRef({ pressing: false, arrived: false });
  const { id } = children.props;

  if (!loaded) {
    const swap = () => {
      setRefocus(document.activeElement?.id === id);
      setLoaded(true);
    };
    const prepare = () =>
      void loadDropdown().then(
        () => {
          press.current.arrived = true;
          if (!press.current.pressing) swap();
        },
        () => undefined, // offline: the next approach tries again
      );
    const released = () => {
      press.current.pressing = false;
      if (press.current.arrived) swap();
    };
    // The ref is read by these event handlers only, never while rendering; the linter cannot tell that through
    // cloneElement.
    // eslint-disable-next-line react-hooks/refs
    return cloneElement(children, {
      onPointerEnter: prepare,
      onFocus: prepare,
      onPointerDown: () => {
        press.current.pressing = true;
      },
      onPointerLeave: released,
      onClick: () => {
        setOpen(true);
        released();
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
