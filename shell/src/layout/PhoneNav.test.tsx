import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { PhoneNav, usePhone } from './PhoneNav';

const items = [
  { key: '/admin/dashboard', label: 'Dashboard' },
  { key: '/admin/leaves', label: 'Leave requests' },
  { key: '/admin/users', label: 'User management' },
];

/** What a phone's browser answers: only antd's xs query (max-width) matches, none of the min-width ones. */
function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width') })) as never;
  return () => (window.matchMedia = original);
}

function Harness() {
  const phone = usePhone();
  const [path, setPath] = useState('/admin/dashboard');
  return (
    <>
      {phone ? <PhoneNav items={items} selected={[path]} onNavigate={setPath} dark={false} /> : <p>sidebar</p>}
      <p>at {path}</p>
    </>
  );
}

describe('the phone menu', () => {
  let restore: () => void;
  beforeEach(() => (restore = asPhone()));
  afterEach(() => restore());

  it('opens a drawer with the labelled entries and closes when one is chosen', async () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const nav = await screen.findByRole('menu', { name: 'Main navigation' });
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
    expect(
      within(nav)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Dashboard', 'Leave requests', 'User management']);
    fireEvent.click(within(nav).getByText('Leave requests'));
    expect(screen.getByText('at /admin/leaves')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // The drawer leaves its open state at once (its closing animation never ends in jsdom).
    expect(document.querySelector('.ant-drawer-open')).toBeNull();
  });

  it('closes on Escape', async () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(button);
    const nav = await screen.findByRole('menu', { name: 'Main navigation' });
    await act(async () => {
      fireEvent.keyDown(nav, { key: 'Escape', code: 'Escape', keyCode: 27 });
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('.ant-drawer-open')).toBeNull();
  });
});

describe('at desktop widths', () => {
  it('keeps the sidebar', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('min-width') })) as never;
    try {
      render(<Harness />);
      expect(screen.getByText('sidebar')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
