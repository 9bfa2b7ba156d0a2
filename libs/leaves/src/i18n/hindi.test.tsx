import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { LeaveResponse } from '@portal/contracts';
import { createStore, switchLanguage } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { LeaveImpactNote } from '../LeaveImpactNote';
import { LeavesBoard } from '../LeavesBoard';
import { RecentLeaves } from '../RecentLeaves';

const leave: LeaveResponse = {
  _id: 'l1',
  menteeId: { _id: 's1', fullName: 'Asha Singh', studentId: 'STU-1' },
  mentorId: null,
  leaveType: 'sick',
  startDate: '2026-11-23',
  endDate: '2026-11-25',
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
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
};

describe('leaves in English and Hindi', () => {
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('lists a recent leave with its type, dates, days and status', async () => {
    const { container, rerender } = render(<RecentLeaves leaves={[leave]} />);
    expect(container).toHaveTextContent('Sick · 23 Nov – 25 Nov 2026 · 3 days');
    expect(screen.getByText('Pending')).toBeInTheDocument();
    await act(() => switchLanguage('hi'));
    rerender(<RecentLeaves leaves={[leave]} />);
    expect(screen.getByText('लंबित')).toBeInTheDocument();
    expect(container).toHaveTextContent('बीमारी · 23 नव. – 25 नव. 2026 · 3 दिन');
  });

  it('shows the automatic comment ("Approved", stored in English) in Hindi, a mentor’s own words as written', async () => {
    const decided = (id: string, status: 'approved' | 'rejected', mentorComments: string): LeaveResponse => ({
      ...leave,
      _id: id,
      status,
      mentorComments,
      decidedAt: '2026-11-21T10:00:00Z',
      approvedBy: { _id: 'm1', fullName: 'Dr. Rao' },
    });
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /leaves/mentee': [
        decided('a', 'approved', 'Approved'),
        decided('b', 'rejected', 'Rejected by admin'),
        decided('c', 'rejected', 'Exams that week'),
      ],
    });
    await act(() => switchLanguage('hi'));
    render(
      <Provider store={createStore()}>
        <LeavesBoard role="mentee" />
      </Provider>,
    );
    const comments = async (index: number) => {
      const cards = await screen.findAllByTestId('leave-card');
      return within(cards[index]).getByText('टिप्पणियाँ').closest('tr')!;
    };
    expect(await comments(0)).toHaveTextContent('स्वीकृत');
    expect(await comments(0)).not.toHaveTextContent('Approved');
    expect(await comments(1)).toHaveTextContent('व्यवस्थापक द्वारा अस्वीकृत');
    expect(await comments(2)).toHaveTextContent('Exams that week');
  });

  it('says what a leave does to attendance', async () => {
    await act(() => switchLanguage('hi'));
    render(
      <LeaveImpactNote
        subject="you"
        impact={{
          schoolDays: 1,
          before: 80,
          after: 76.5,
          excludingLeaveBefore: 80,
          excludingLeaveAfter: 80,
          eligibleBefore: true,
          eligibleAfter: true,
        }}
      />,
    );
    expect(screen.getByText('आपकी उपस्थिति: अभी 80%, इस छुट्टी के साथ 76.5%')).toBeInTheDocument();
    expect(screen.getByTestId('leave-impact')).toHaveTextContent('छुट्टी: 1 स्कूल का दिन।');
  });
});
