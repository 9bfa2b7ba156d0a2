import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { StatusTabs } from './StatusTabs';

const ITEMS = [
  { key: 'all', label: 'All' },
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
] as const;
type Key = (typeof ITEMS)[number]['key'];

function Board() {
  const [tab, setTab] = useState<Key>('all');
  return (
    <>
      <StatusTabs label="Status" value={tab} onChange={setTab} items={[...ITEMS]} />
      <p>showing {tab}</p>
    </>
  );
}

/** The window as a phone: antd's breakpoints ask matchMedia; only the below-576 px query matches. */
function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: /max-width:\s*575/.test(query) })) as never;
  return () => (window.matchMedia = original);
}

describe('StatusTabs', () => {
  it('is a tablist where there is room', () => {
    render(<Board />);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(screen.getByText('showing pending')).toBeInTheDocument();
  });

  it('is a labelled select on a phone, with no tablist to overflow', () => {
    const restore = asPhone();
    try {
      render(<Board />);
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      const select = screen.getByRole('combobox', { name: 'Status' });
      fireEvent.mouseDown(select);
      fireEvent.click(within(document.body).getByTitle('Approved'));
      expect(screen.getByText('showing approved')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
