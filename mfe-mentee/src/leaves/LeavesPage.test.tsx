import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { LeaveResponse } from '@portal/contracts';
import {
  calendarDay,
  createStore,
  setSchoolClock,
  setSchoolTimeZone,
  switchLanguage,
  ThemeProvider,
} from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { LeavesPage } from './LeavesPage';

const base: LeaveResponse = {
  _id: 'l1',
  menteeId: { _id: 'm1', fullName: 'Asha Rao', studentId: 'STU-0042' },
  mentorId: { _id: 't1', fullName: 'Dr. Meera Iyer' },
  leaveType: 'casual',
  startDate: '2099-03-09',
  endDate: '2099-03-13',
  daysCount: 5,
  schoolDays: 4,
  reason: 'Family wedding',
  status: 'pending',
  approvedBy: null,
  filedBy: null,
  document: null,
  decidedAt: null,
  mentorComments: '',
  cancelledAt: null,
  createdAt: '2099-03-01T09:00:00.000Z',
  updatedAt: '2099-03-01T09:00:00.000Z',
};

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

describe('Mentee leave requests', () => {
  it('counts school days and lets the mentee cancel a pending request after confirming', async () => {
    const calls = mockApi({
      'GET /leaves/mentee': [base, { ...base, _id: 'l2', status: 'rejected', decidedAt: '2099-03-02T09:00:00.000Z' }],
      'PUT /leaves/l1/cancel': { ...base, status: 'cancelled', cancelledAt: '2099-03-03T09:00:00.000Z' },
    });
    renderPage();
    const [pending, rejected] = await screen.findAllByTestId('leave-card');
    expect(pending).toHaveTextContent('(4 school days)');
    // Only what can still be cancelled offers it.
    expect(within(rejected).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();

    fireEvent.click(within(pending).getByRole('button', { name: 'Cancel request' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Cancel this leave request?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/leaves/l1/cancel', body: undefined },
      ]),
    );
    expect(await screen.findByText('Leave request cancelled')).toBeInTheDocument();
  });

  it('says which leave a guardian filed, and leaves its cancelling to them', async () => {
    mockApi({
      'GET /leaves/mentee': [{ ...base, filedBy: { _id: 'g1', fullName: 'Maria Rao' } }],
    });
    renderPage();
    const [card] = await screen.findAllByTestId('leave-card');
    expect(within(card).getByText('Filed by guardian')).toBeInTheDocument();
    expect(within(card).getByText('Maria Rao')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Filed by your guardian: only they can cancel it.');
  });
});

describe("cancelling by the school's day, not the browser's", () => {
  afterEach(() => {
    setSchoolClock();
    setSchoolTimeZone('UTC');
  });

  it('an approved leave starting today at the school (Kolkata) is not cancellable, though in UTC it starts tomorrow', async () => {
    // 20:00 UTC on 10 March 2026 (this test's browser is in UTC): 01:30 on 11 March at the school.
    setSchoolClock(Date.parse('2026-03-10T20:00:00Z'));
    const approved = (id: string, day: string): LeaveResponse => ({
      ...base,
      _id: id,
      status: 'approved',
      startDate: day,
      endDate: day,
      decidedAt: '2026-03-01T09:00:00.000Z',
    });
    mockApi({
      'GET /leaves/mentee': [approved('l1', '2026-03-11'), approved('l2', '2026-03-12')],
      // The calendar's answer says the school's time zone; the dates module follows it.
      'GET /calendar': {
        timezone: 'Asia/Kolkata',
        today: '2026-03-11',
        weekendDays: [0],
        termStart: null,
        termEnd: null,
        sickLeaveBackfillDays: 14,
        closures: [],
      },
    });
    renderPage();
    expect(await screen.findByText('Today is Wednesday, 11 Mar')).toBeInTheDocument();
    const [today, tomorrow] = await screen.findAllByTestId('leave-card');
    expect(within(today).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    // Where Cancel is missing, the card says why.
    expect(within(today).getByText(/This leave has started, so it can no longer be cancelled/)).toBeInTheDocument();
    expect(within(tomorrow).getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    expect(within(tomorrow).queryByText(/can no longer be cancelled/)).not.toBeInTheDocument();
  });
});

describe('Mentee leave requests in Hindi', () => {
  afterEach(async () => {
    setSchoolClock();
    await act(() => switchLanguage('en'));
  });

  it('shows the page, today in the Hindi date format and the request dialog in Hindi', async () => {
    await act(() => switchLanguage('hi'));
    setSchoolClock(Date.parse('2026-11-23T06:30:00Z'));
    mockApi({ 'GET /leaves/mentee': [base] });
    renderPage();
    expect(screen.getByRole('heading', { name: 'छुट्टी के अनुरोध' })).toBeInTheDocument();
    // "सोमवार, 23 नव॰": weekday, then day before month.
    expect(screen.getByText(`आज ${calendarDay('2026-11-23').format('dddd, D MMM')} है`)).toBeInTheDocument();
    expect(calendarDay('2026-11-23').format('dddd')).not.toMatch(/[A-Za-z]/);

    fireEvent.click(screen.getByRole('button', { name: /छुट्टी का अनुरोध करें/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('छुट्टी का प्रकार')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'अनुरोध जमा करें' }));
    // Each field's error arrives with its own validation: wait for both, not for the first and then look.
    expect(await within(dialog).findByText('छुट्टी का प्रकार आवश्यक है')).toBeInTheDocument();
    expect(await within(dialog).findByText('कारण आवश्यक है')).toBeInTheDocument();
  });
});
