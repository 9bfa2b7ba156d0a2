import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@portal/web-core';
import { ItemList, ItemRow, Panel, StatCard } from '.';

// Panel and ItemList stand in for antd's Card and List on the dashboards: they must keep what those gave a user.
describe('Panel, ItemList and StatCard', () => {
  it('names a panel by its title, so it can be found as a region, and shows its header action', () => {
    render(
      <ThemeProvider>
        <Panel title="Recent Users" extra={<a href="/admin/users">View all</a>}>
          <p>body</p>
        </Panel>
      </ThemeProvider>,
    );
    const region = screen.getByRole('region', { name: 'Recent Users' });
    expect(within(region).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/admin/users');
    expect(within(region).getByText('body')).toBeInTheDocument();
  });

  it('lists each item once, in order, with its title and description', () => {
    const items = [
      { id: 'a', name: 'Asha' },
      { id: 'b', name: 'Bilal' },
    ];
    render(
      <ThemeProvider>
        <ItemList
          items={items}
          rowKey={(i) => i.id}
          renderItem={(i) => <ItemRow title={i.name} description={`${i.name} details`} />}
        />
      </ThemeProvider>,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['AshaAsha details', 'BilalBilal details']);
  });

  it('opens a clickable stat card by click, Enter and Space, and leaves other keys alone', () => {
    const open = jest.fn();
    render(
      <ThemeProvider>
        <StatCard title="Pending Leaves" value={3} icon={null} color="#F59E0B" onClick={open} hint="2 today" />
      </ThemeProvider>,
    );
    // Named by its visible text, value included (WCAG 2.5.3: the name contains what is shown).
    const card = screen.getByRole('button', { name: 'Pending Leaves 3 2 today' });
    expect(card).not.toHaveAttribute('aria-label');
    fireEvent.click(card);
    fireEvent.keyDown(card, { key: 'Enter' });
    fireEvent.keyDown(card, { key: ' ' });
    fireEvent.keyDown(card, { key: 'a' });
    expect(open).toHaveBeenCalledTimes(3);
    expect(card).toHaveAttribute('tabindex', '0');
    // A button role is not allowed on a section (axe: aria-allowed-role): the clickable card is a div.
    expect(card.tagName).toBe('DIV');
  });

  it('does not offer a stat card without an action as a button', () => {
    render(
      <ThemeProvider>
        <StatCard title="Total Users" value={12} icon={null} color="#3B82F6" />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
  });
});
