import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { LeaveResponse } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { LeavesPage } from './LeavesPage';

const leave: LeaveResponse = {
  _id: 'l1',
  menteeId: { _id: 'm1', fullName: 'Asha Rao', studentId: 'STU-0042' },
  mentorId: { _id: 't1', fullName: 'Dr. Meera Iyer' },
  leaveType: 'sick',
  startDate: '2030-03-10',
  endDate: '2030-03-12',
  daysCount: 3,
  schoolDays: 3,
  reason: 'Fever',
  status: 'pending',
  approvedBy: null,
  filedBy: null,
  document: null,
  decidedAt: null,
  mentorComments: '',
  cancelledAt: null,
  createdAt: '2030-03-01T09:00:00.000Z',
  updatedAt: '2030-03-01T09:00:00.000Z',
};

/** Answers GET /leaves/mentor with one pending leave and records every decision sent. */
function mockLeaves(shown: LeaveResponse = leave) {
  const decisions: { path: string; body: unknown }[] = [];
  mockApi({
    'GET /leaves/mentor': [shown],
    'PUT /leaves/:id/:decision': (
      _url: URL,
      body: { mentorComments: string },
      { id, decision }: Record<string, string>,
    ) => {
      decisions.push({ path: `/leaves/${id}/${decision}`, body });
      return { ...leave, status: decision === 'reject' ? 'rejected' : 'approved', mentorComments: body.mentorComments };
    },
  });
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
    const decisions = mockLeaves();
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
    const decisions = mockLeaves();
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

  it('shows the effect of approving, and asks what to do with days already marked present before approving', async () => {
    const decisions = mockLeaves({
      ...leave,
      impact: {
        schoolDays: 3,
        before: 80,
        after: 76.9,
        eligibleBefore: true,
        eligibleAfter: true,
        excludingLeaveBefore: 80,
        excludingLeaveAfter: 85.7,
      },
      presentDays: ['2030-03-11'],
    });
    renderPage();
    const card = await screen.findByTestId('leave-card');
    expect(within(card).getByTestId('leave-impact')).toHaveTextContent(
      "The student's attendance: 80% now, 76.9% with this leave",
    );
    expect(within(card).getByTestId('leave-impact')).toHaveTextContent(
      'Leave eligibility (75% or more) is kept. Excluding approved leave: 80% now, 85.7% with this leave.',
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Some of these days are marked present' });
    expect(dialog).toHaveTextContent('Asha Rao is marked present on Mon, 11 Mar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(decisions).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Some of these days are marked present' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep them present' }));
    await waitFor(() =>
      expect(decisions).toEqual([
        { path: '/leaves/l1/approve', body: { mentorComments: 'Approved', presentDays: 'keep' } },
      ]),
    );
  });
});
