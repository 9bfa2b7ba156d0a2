import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MenuButton } from './MenuButton';

const menu = (onPick: (key: string) => void) => ({
  items: [
    { key: 'profile', label: 'Profile' },
    { key: 'signout', label: 'Sign out' },
  ],
  onClick: ({ key }: { key: string }) => onPick(key),
});

describe('MenuButton', () => {
  it('opens its menu on the first click, once the menu code has arrived, and closes it after a choice', async () => {
    const onPick = jest.fn();
    render(
      <MenuButton menu={menu(onPick)}>
        <button id="account">Account</button>
      </MenuButton>,
    );
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    // The menu's code is imported on this first click: its first transform in jest can take seconds on a busy machine.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }, { timeout: 15_000 }));
    expect(onPick).toHaveBeenCalledWith('signout');
    // Closed: antd marks the popup hidden once its leaving motion is over.
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Sign out' }).closest('.ant-dropdown')).toHaveClass(
        'ant-dropdown-hidden',
      ),
    );
    // Later clicks go straight to the Dropdown.
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(onPick).toHaveBeenLastCalledWith('profile');
  });

  it('keeps keyboard focus on the button when the menu code arrives, and stays closed until asked', async () => {
    render(
      <MenuButton menu={menu(jest.fn())}>
        <button id="sort">Sort</button>
      </MenuButton>,
    );
    const before = screen.getByRole('button', { name: 'Sort' });
    await act(async () => before.focus());
    // The button is drawn again inside the Dropdown: focus moves to the new one, and no menu opened by itself.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sort' })).not.toBe(before), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Sort' })).toHaveFocus();
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });

  it('a press during which the menu code arrives still opens the menu: the button is not swapped under the pointer', async () => {
    await import('./MenuDropdown'); // already in: it arrives at once
    render(
      <MenuButton menu={menu(jest.fn())}>
        <button id="account">Account</button>
      </MenuButton>,
    );
    const button = screen.getByRole('button', { name: 'Account' });
    fireEvent.focus(button);
    fireEvent.pointerDown(button);
    await act(async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    });
    // Still the element pressed, so the release lands on it and the browser sends the click.
    expect(screen.getByRole('button', { name: 'Account' })).toBe(button);
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });
});
