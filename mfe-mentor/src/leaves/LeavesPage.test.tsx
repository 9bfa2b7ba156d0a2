import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { LeaveResponse } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { LeavesPage } from './LeavesPage';

const leave: LeaveResponse = {
  _id: 'l1',
  menteeId: { _id: 'm1', fullName: 'Asha Rao', studentId: 'STU-0042' },
  mentorId: { _id: 't1', fullName: 'Dr. Meera Iyer' },
  leaveType: 'sick',
  startDate: '2030-03-10',
  endDate: '2030-03-12',
  daysCount: 3,
  reason: 'Fever',
  status: 'pending',
  approvedBy: null,
  decidedAt: null,
  mentorComments: '',
  createdAt: '2030-03-01T09:00:00.000Z',
  updatedAt: '2030-03-01T09:00:00.000Z',
};

/** Answers GET /leaves/mentor with one pending leave and records every decision sent. */
function mockApi() {
  const decisions: { path: string; body: unknown }[] = [];
  global.fetch = jest.fn(async (req: Request) => {
    const path = new URL(req.url).pathname.replace(/^\/api/, '');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (req.method === 'GET' && path === '/leaves/mentor') return json(200, [leave]);
    if (req.method === 'PUT') {
      const body = JSON.parse(await req.text());
      decisions.push({ path, body });
      return json(200, {
        ...leave,
        status: path.endsWith('reject') ? 'rejected' : 'approved',
        mentorComments: body.mentorComments,
      });
    }
    return json(404, { statusCode: 404, message: 'Not found' });
  }) as unknown as typeof fetch;
  return decisions;
}

const renderPage = () =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>
          <LeavesPage />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );

describe('Mentor leave requests', () => {
  it('shows the mentee on each card; Reject asks for a reason, Cancel aborts and an empty reason is sent as "Rejected"', async () => {
    const decisions = mockApi();
    renderPage();
    const card = await screen.findByTestId('leave-card');
    expect(within(card).getByText('Asha Rao')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(decisions).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(decisions).toEqual([{ path: '/leaves/l1/reject', body: { mentorComments: 'Rejected' } }]),
    );
  });

  it('sends the reason typed in the prompt, and "Approved" on Approve', async () => {
    const decisions = mockApi();
    renderPage();
    const card = await screen.findByTestId('leave-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(decisions).toEqual([{ path: '/leaves/l1/approve', body: { mentorComments: 'Approved' } }]),
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason for rejection'), { target: { value: 'Exams that week' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(decisions[1]).toEqual({ path: '/leaves/l1/reject', body: { mentorComments: 'Exams that week' } }),
    );
  });
});
