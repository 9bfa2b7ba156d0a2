import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { LeaveImpact } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi, typeDate, schoolCalendar } from '@portal/web-core/testing';
import { RequestLeaveDialog } from './RequestLeaveDialog';

const wrap = (ui: React.ReactElement) =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );

const CALENDAR = schoolCalendar('2030-03-04');
const sent = (calls: { method: string }[]) => calls.filter((c) => c.method !== 'GET');

describe('Request Leave dialog', () => {
  it('shows the four spec messages for an empty form without sending anything', async () => {
    const calls = mockApi({ 'GET /calendar': CALENDAR });
    wrap(<RequestLeaveDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText('Leave type is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Start date is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('End date is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(sent(calls)).toEqual([]);
  });

  it('refuses an end date before the start date', async () => {
    const calls = mockApi({ 'GET /calendar': CALENDAR });
    wrap(<RequestLeaveDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    typeDate(within(dialog).getByLabelText('End date'), '2030-03-05');
    typeDate(within(dialog).getByLabelText('Start date'), '2030-03-11');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Family event' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText('End date cannot be before the start date')).toBeInTheDocument();
    expect(within(dialog).queryByText('Start date is required')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('End date is required')).not.toBeInTheDocument();
    expect(sent(calls)).toEqual([]);
  });

  it('previews the effect on attendance and eligibility before sending, in school days', async () => {
    const impact: LeaveImpact = {
      schoolDays: 3,
      before: 76.4,
      after: 73.8,
      eligibleBefore: true,
      eligibleAfter: false,
      excludingLeaveBefore: 78,
      excludingLeaveAfter: 78,
    };
    const calls = mockApi({ 'GET /calendar': CALENDAR, 'GET /leaves/impact': impact });
    wrap(<RequestLeaveDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    // The count of school days is the API's (weekends and holidays left out there).
    typeDate(within(dialog).getByLabelText('Start date'), '2030-03-08');
    typeDate(within(dialog).getByLabelText('End date'), '2030-03-12');
    const note = await within(dialog).findByTestId('leave-impact');
    expect(note).toHaveTextContent('Your attendance: 76.4% now, 73.8% with this leave');
    expect(note).toHaveTextContent(
      '3 school days of leave. Leave eligibility would be lost: attendance falls below 75%.',
    );
    expect(calls.find((c) => c.path === '/leaves/impact')).toBeTruthy();
    expect(sent(calls)).toEqual([]);
  });

  it("explains sick leave's window back in time, and refuses a day that is not a school day", async () => {
    mockApi({ 'GET /calendar': CALENDAR });
    wrap(<RequestLeaveDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText('Start date');
    // Sunday is not a school day: the picker refuses it whatever the type.
    typeDate(within(dialog).getByLabelText('Start date'), '2030-03-10');
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('');
    fireEvent.mouseDown(within(dialog).getByLabelText('Leave type'));
    fireEvent.click(await screen.findByTitle('Sick'));
    expect(
      await within(dialog).findByText('Sick leave can start up to 14 days back, for days you were already away.'),
    ).toBeInTheDocument();
  });
});
