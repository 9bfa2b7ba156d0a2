import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, ThemeProvider } from '@portal/web-core';
import { deferred, mockApi } from '@portal/web-core/testing';
import { MentorDashboard } from './MentorDashboard';

const figures = {
  totalMentees: 0,
  totalGroups: 2,
  pendingLeaves: 0,
  totalGrievances: 0,
  openGrievances: 0,
  recentLeaves: [],
  mentees: [],
};

describe('mentor dashboard', () => {
  it('asks for the follow-up queue together with the figures and the contacts, not after them', async () => {
    const held = deferred<typeof figures>();
    const calls = mockApi({
      'GET /mentors/dashboard': () => held.promise,
      'GET /followup/queue': [],
      'GET /followup/contacts': {},
      'GET /mentor/absence-answers': [],
    });
    const asked = () => calls.map((c) => c.path);
    render(
      <Provider store={createStore()}>
        <ThemeProvider>
          <MemoryRouter>
            <MentorDashboard />
          </MemoryRouter>
        </ThemeProvider>
      </Provider>,
    );
    // The figures have not answered yet: all three requests are out.
    await screen.findByText((_, el) => el?.classList.contains('ant-skeleton') ?? false);
    await waitFor(() =>
      expect(asked().sort()).toEqual(['/followup/contacts', '/followup/queue', '/mentors/dashboard']),
    );
    held.resolve(figures);
    expect(await screen.findByText('Nobody waiting')).toBeInTheDocument();
    // The queue panel used the answer already in: no second request.
    expect(asked().filter((p) => p === '/followup/queue')).toHaveLength(1);
  });
});
