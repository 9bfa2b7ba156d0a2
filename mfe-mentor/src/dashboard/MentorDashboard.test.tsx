import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, ThemeProvider } from '@portal/web-core';
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
    const asked: string[] = [];
    let answerFigures: () => void = () => undefined;
    const held = new Promise<void>((r) => (answerFigures = r));
    global.fetch = jest.fn(async (req: Request) => {
      const path = new URL(req.url).pathname.replace(/^\/api/, '');
      asked.push(path);
      if (path === '/mentors/dashboard') await held;
      const body = path === '/mentors/dashboard' ? figures : path === '/followup/queue' ? [] : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
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
      expect([...asked].sort()).toEqual(['/followup/contacts', '/followup/queue', '/mentors/dashboard']),
    );
    answerFigures();
    expect(await screen.findByText('Nobody waiting')).toBeInTheDocument();
    // The queue panel used the answer already in: no second request.
    expect(asked.filter((p) => p === '/followup/queue')).toHaveLength(1);
  });
});
