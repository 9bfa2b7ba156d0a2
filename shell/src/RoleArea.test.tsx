import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { notify } from '@portal/web-core';
import { RefusedBanner, Refusal } from './RoleArea';

const adminRefusal = {
  message: 'You need admin privileges to access this page.',
  notice: 'Access denied. Admin privileges required.',
  redirect: '/dashboard',
};

function Dashboard() {
  return (
    <>
      <RefusedBanner />
      <p>on {useLocation().pathname}</p>
    </>
  );
}

describe('a refused admin address', () => {
  it('sends the user on at once, with the notice, and says why on the page they land on', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/admin/users']}>
        <Routes>
          <Route path="/admin/users" element={<Refusal refusal={adminRefusal} />} />
          <Route path="/dashboard" element={<Dashboard />} />
        </Routes>
      </MemoryRouter>,
    );
    // No timer runs here: the redirect must not wait for one.
    await act(async () => undefined);
    expect(screen.getByText('on /dashboard')).toBeInTheDocument();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this page.')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Access denied. Admin privileges required.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('You need admin privileges to access this page.')).not.toBeInTheDocument();
    expect(screen.getByText('on /dashboard')).toBeInTheDocument();
  });

  it('keeps the panel on a refusal that has nowhere to send the user', async () => {
    render(
      <MemoryRouter initialEntries={['/groups']}>
        <Routes>
          <Route path="/groups" element={<Refusal refusal={{ message: 'Only mentors can manage groups' }} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Only mentors can manage groups')).toBeInTheDocument();
  });
});
