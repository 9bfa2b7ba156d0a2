import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { Provider } from 'react-redux';
import { createMemoryHistory } from 'history';
import { Route, Routes } from 'react-router-dom';
import type { MenteeRecord } from '@portal/contracts';
import { createStore, notify, PortalRouter, setSchoolClock, ThemeProvider } from '@portal/web-core';
import { mockApi } from '../testing/renderWithPortal';
import { AdminAttendancePage } from './AdminAttendancePage';
import { defaultDay } from './daily/register';

const student = (id: string, fullName: string): MenteeRecord => ({
  _id: id,
  fullName,
  studentId: `STU-${id}`,
  class: '10',
  section: 'A',
  phone: '',
  address: '',
  academicYear: '2026-2027',
  dateOfBirth: null,
  bloodGroup: null,
  hobbies: [],
  userId: { _id: id, email: `${id}@example.edu`, lastLogin: null, isActive: true },
  mentorId: null,
  attendance: {
    totalDays: 10,
    presentDays: 9,
    lateDays: 0,
    absentDays: 1,
    leaveDays: 0,
    percentage: 90,
    percentageExcludingLeave: null,
  },
});
// The school's clock, set: a Monday morning that is the same day in UTC (the zone before the calendar answers) and in
// the calendar's Asia/Kolkata. Unset, the page's day moved when the calendar arrived on runs after 18:30 UTC.
const NOW = Date.parse('2026-11-23T04:00:00Z');
setSchoolClock(NOW);
beforeEach(() => setSchoolClock(NOW));
const ISO = defaultDay().format('YYYY-MM-DD');
const EMPTY_DAY = { date: ISO, attendanceData: {}, onLeave: [], overrideReasons: {} };
const STUDENTS = [student('s1', 'Asha Singh'), student('s2', 'Ben Okafor')];

/** The page under the shell's kind of router (leaving can be blocked), at /admin/attendance; answers its history. */
function renderPage() {
  const history = createMemoryHistory({ initialEntries: ['/admin/attendance'] });
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <PortalRouter history={history}>
          <Routes>
            <Route path="/admin/attendance" element={<AdminAttendancePage />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </PortalRouter>
      </ThemeProvider>
    </Provider>,
  );
  return history;
}

const toggle = (name: string) => screen.getByLabelText(`Attendance of ${name}`);
const selected = (name: string) => toggle(name).querySelector('.ant-segmented-item-selected')?.textContent;
const saveButton = () => screen.getByRole('button', { name: /Save Attendance/ });

describe('AdminAttendancePage, daily register', () => {
  it('after a failed load shows the error with Retry, refuses to mark or save, and Retry shows the saved day', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /admin/mentees': STUDENTS,
      'GET /admin/attendance': () =>
        fail
          ? [500, { statusCode: 500, code: 'INTERNAL', message: 'boom' }]
          : {
              date: ISO,
              attendanceData: { s1: { [ISO]: 'absent' }, s2: { [ISO]: 'present' } },
              onLeave: [],
              overrideReasons: {},
            },
    });
    renderPage();
    expect(await screen.findByText(/Failed to fetch attendance data/)).toBeInTheDocument();
    // Nobody is shown as unmarked, and nothing can be marked or saved over the day that may be stored.
    expect(screen.queryByLabelText('Attendance of Asha Singh')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mark All Present/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Mark All Absent/ })).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    // Total, Present, Late, Absent, On Leave and Unmarked are not known: no figure rather than a wrong one.
    expect(screen.getAllByText('—')).toHaveLength(6);

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(selected('Asha Singh')).toBe('Absent'));
    expect(selected('Ben Okafor')).toBe('Present');
    expect(screen.queryByText(/Failed to fetch attendance data/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mark All Present/ })).toBeEnabled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows a family's disputed mark beside the student until it is kept (or corrected)", async () => {
    let disputed = true;
    const calls = mockApi({
      'GET /admin/mentees': STUDENTS,
      'GET /admin/attendance': () => ({
        ...EMPTY_DAY,
        attendanceData: { s1: { [ISO]: 'absent' } },
        disputedMarks: disputed
          ? { s1: { answerId: 'a1', note: 'She was at the science fair', answeredBy: 'Maria Singh' } }
          : {},
      }),
      'PUT /admin/absence-answers/:id/confirm': () => {
        disputed = false;
        return { _id: 'a1', markResolution: 'confirmed' };
      },
    });
    renderPage();
    const tag = await screen.findByRole('button', { name: 'Family disputes the mark of Asha Singh: details' });
    expect(tag).toHaveTextContent('Family disputes');
    expect(screen.getAllByTestId('disputed-tag')).toHaveLength(1);
    fireEvent.click(tag);
    expect(
      await screen.findByText('Maria Singh says they were at school. “She was at the science fair”'),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Keep the mark' }));
    await waitFor(() => expect(screen.queryByTestId('disputed-tag')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/admin/absence-answers/a1/confirm']);
    expect(selected('Asha Singh')).toBe('Absent');
  });

  it('counts unsaved changes in the save bar and saves only what changed', async () => {
    // The server's day, as stored: the POST writes it, the GET reads it.
    const stored: Record<string, Record<string, string>> = { s1: { [ISO]: 'present' } };
    const calls: ReturnType<typeof mockApi> = mockApi({
      'GET /admin/mentees': STUDENTS,
      'GET /admin/attendance': () => ({ date: ISO, attendanceData: stored, onLeave: [], overrideReasons: {} }),
      'POST /admin/attendance': () => {
        Object.assign(stored, (calls.at(-1)!.body as { attendanceData: typeof stored }).attendanceData);
        return [
          201,
          { message: 'Attendance saved successfully', date: ISO, saved: 1, present: 0, absent: 1, late: 0, leave: 0 },
        ];
      },
    });
    renderPage();
    await waitFor(() => expect(selected('Asha Singh')).toBe('Present'));
    const bar = screen.getByTestId('attendance-save-bar');
    expect(within(bar).getByText('No unsaved changes')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    fireEvent.click(within(toggle('Ben Okafor')).getByText('Absent'));
    // Marking Asha present again is no change: she is saved present.
    fireEvent.click(within(toggle('Asha Singh')).getByText('Present'));
    expect(within(bar).getByText('1 unsaved change')).toBeInTheDocument();
    expect(saveButton()).toHaveTextContent('Save Attendance (1)');
    fireEvent.click(saveButton());
    await waitFor(() => expect(within(bar).getByText('No unsaved changes')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/admin/attendance', body: { date: ISO, attendanceData: { s2: { [ISO]: 'absent' } } } },
    ]);
    expect(selected('Ben Okafor')).toBe('Absent');
  });

  it('Mark All Present fills the unmarked at once and asks before changing saved marks: Keep them, or change them', async () => {
    const three = [...STUDENTS, student('s3', 'Chen Li'), student('s4', 'Dev Rao')];
    const saved = { s1: { [ISO]: 'absent' }, s2: { [ISO]: 'late' }, s4: { [ISO]: 'present' } };
    mockApi({
      'GET /admin/mentees': three,
      'GET /admin/attendance': { date: ISO, attendanceData: saved, onLeave: [], overrideReasons: {} },
    });
    renderPage();
    await waitFor(() => expect(selected('Asha Singh')).toBe('Absent'));
    fireEvent.click(screen.getByRole('button', { name: /Mark All Present/ }));
    // Chen had no mark: now Present. Asha and Ben keep theirs until the admin answers.
    expect(selected('Chen Li')).toBe('Present');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Change marks already given?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'The unmarked students are now Present. 2 students already have another mark (1 Absent, 1 Late). Change them to Present too?',
    );
    expect(selected('Asha Singh')).toBe('Absent');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(selected('Asha Singh')).toBe('Absent');
    expect(selected('Ben Okafor')).toBe('Late');
    expect(within(screen.getByTestId('attendance-save-bar')).getByText('1 unsaved change')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Mark All Present/ }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Change 2 marks' }));
    await waitFor(() => expect(selected('Asha Singh')).toBe('Present'));
    expect(selected('Ben Okafor')).toBe('Present');
    expect(selected('Dev Rao')).toBe('Present');
    expect(within(screen.getByTestId('attendance-save-bar')).getByText('3 unsaved changes')).toBeInTheDocument();
  });

  it('shows a class of 40 as one list, without pages, and says 40 shown', async () => {
    const forty = Array.from({ length: 40 }, (_, i) => student(`c${i}`, `Student ${String(i).padStart(2, '0')}`));
    mockApi({ 'GET /admin/mentees': forty, 'GET /admin/attendance': EMPTY_DAY });
    renderPage();
    await screen.findByLabelText('Attendance of Student 39');
    expect(screen.getAllByLabelText(/^Attendance of Student/)).toHaveLength(40);
    expect(screen.queryByRole('list', { name: /pagination/i })).not.toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.getByText('· 40 shown')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved marks: Stay keeps them, Leave goes; the browser is asked on unload', async () => {
    mockApi({ 'GET /admin/mentees': STUDENTS, 'GET /admin/attendance': EMPTY_DAY });
    const history = renderPage();
    await screen.findByLabelText('Attendance of Asha Singh');
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Mark All Present/ }));
    expect(unload()).toBe(true);
    act(() => history.push('/admin/users'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave without saving?')).toBeInTheDocument();
    expect(within(dialog).getByText(/2 unsaved changes for/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(history.location.pathname).toBe('/admin/attendance');
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
    expect(selected('Asha Singh')).toBe('Present');

    act(() => history.push('/admin/users'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));

    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/admin/users');
    expect(unload()).toBe(false);
  });

  it('navigates freely when nothing is unsaved', async () => {
    mockApi({ 'GET /admin/mentees': STUDENTS, 'GET /admin/attendance': EMPTY_DAY });
    const history = renderPage();
    await screen.findByLabelText('Attendance of Asha Singh');
    act(() => history.push('/admin/users'));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables Sundays in the date picker (the default rule while no calendar is known) and says why; the page never opens on a Sunday', async () => {
    mockApi({ 'GET /admin/mentees': STUDENTS, 'GET /admin/attendance': EMPTY_DAY });
    renderPage();
    await screen.findByLabelText('Attendance of Asha Singh');
    fireEvent.mouseDown(screen.getByLabelText('Date'));
    fireEvent.click(screen.getByLabelText('Date'));
    expect(
      await screen.findByText(/Weekends, holidays and days outside the term are not school days/),
    ).toBeInTheDocument();
    // The panel's first column holds Sundays up to the first of the month: all past, all disabled.
    const cells = [...document.querySelectorAll<HTMLElement>('.ant-picker-cell[title]')];
    const sundays = cells.filter((c) => dayjs(c.getAttribute('title')).day() === 0);
    expect(sundays.length).toBeGreaterThanOrEqual(4);
    for (const c of sundays) expect(c).toHaveClass('ant-picker-cell-disabled');
    const pastWeekday = cells.find((c) => {
      const d = dayjs(c.getAttribute('title'));
      return d.day() !== 0 && !d.isAfter(dayjs(), 'day');
    })!;
    expect(pastWeekday).not.toHaveClass('ant-picker-cell-disabled');

    expect(defaultDay(dayjs('2026-11-22T09:00:00')).format('YYYY-MM-DD')).toBe('2026-11-21');
    expect(defaultDay(dayjs('2026-11-23T09:00:00')).format('YYYY-MM-DD')).toBe('2026-11-23');
  });
});

/** The school calendar of the test's year: Saturdays and Sundays off, one holiday, the school's today = ISO. */
const calendarOf = (closures: { date: string; reason: string }[] = []) => ({
  timezone: 'Asia/Kolkata',
  today: ISO,
  weekendDays: [0],
  termStart: null,
  termEnd: null,
  sickLeaveBackfillDays: 14,
  closures,
});

describe('AdminAttendancePage, four statuses and approved leave', () => {
  it('offers present, absent, late and leave; counts each in the tiles and saves the one chosen', async () => {
    const calls = mockApi({
      'GET /admin/mentees': STUDENTS,
      'GET /calendar': calendarOf(),
      'GET /admin/attendance': EMPTY_DAY,
      'POST /admin/attendance': [
        201,
        { message: 'Attendance saved successfully', date: ISO, saved: 2, present: 0, absent: 0, late: 1, leave: 1 },
      ],
    });
    renderPage();
    await screen.findByLabelText('Attendance of Asha Singh');
    const choices = [...toggle('Asha Singh').querySelectorAll('.ant-segmented-item-label')].map((e) => e.textContent);
    expect(choices.slice(0, 4)).toEqual(['Present', 'Absent', 'Late', 'Leave']);
    fireEvent.click(within(toggle('Asha Singh')).getByText('Late'));
    fireEvent.click(within(toggle('Ben Okafor')).getByText('Leave'));
    expect(selected('Asha Singh')).toBe('Late');
    expect(within(screen.getByTestId('tile-late')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByTestId('tile-leave')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByTestId('tile-unmarked')).getByText('0')).toBeInTheDocument();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: ISO,
      attendanceData: { s1: { [ISO]: 'late' }, s2: { [ISO]: 'leave' } },
    });
  });

  it('tags a student on approved leave, asks a reason before marking them otherwise, shows it and sends it', async () => {
    const calls = mockApi({
      'GET /admin/mentees': STUDENTS,
      'GET /calendar': calendarOf(),
      'GET /admin/attendance': { ...EMPTY_DAY, attendanceData: { s1: { [ISO]: 'leave' } }, onLeave: ['s1'] },
      'POST /admin/attendance': [
        201,
        { message: 'Attendance saved successfully', date: ISO, saved: 1, present: 1, absent: 0, late: 0, leave: 0 },
      ],
    });
    renderPage();
    await waitFor(() => expect(selected('Asha Singh')).toBe('Leave'));
    expect(screen.getAllByTestId('on-leave-tag')).toHaveLength(1);
    expect(screen.getByTestId('on-leave-tag')).toHaveTextContent('On leave');

    // Cancel keeps the leave mark.
    fireEvent.click(within(toggle('Asha Singh')).getByText('Absent'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Asha Singh is on approved leave')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep on leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selected('Asha Singh')).toBe('Leave');

    // Mark All leaves her as she is.
    fireEvent.click(screen.getByRole('button', { name: /Mark All Present/ }));
    expect(selected('Asha Singh')).toBe('Leave');
    expect(selected('Ben Okafor')).toBe('Present');

    // A reason is required before the mark is taken.
    fireEvent.click(within(toggle('Asha Singh')).getByText('Present'));
    dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: 'Mark present' });
    expect(ok).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason for the override'), { target: { value: '   ' } });
    expect(ok).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason for the override'), {
      target: { value: ' Came in for the exam ' },
    });
    expect(ok).toBeEnabled();
    fireEvent.click(ok);
    await waitFor(() => expect(selected('Asha Singh')).toBe('Present'));
    expect(screen.getByTestId('override-reason')).toHaveTextContent('Override: Came in for the exam');

    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: ISO,
      attendanceData: { s1: { [ISO]: 'present' }, s2: { [ISO]: 'present' } },
      overrideReasons: { s1: 'Came in for the exam' },
    });
  });

  it('explains a refusal for a missing override reason', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /admin/mentees': STUDENTS,
      'GET /calendar': calendarOf(),
      'GET /admin/attendance': EMPTY_DAY,
      'POST /admin/attendance': [
        400,
        {
          statusCode: 400,
          code: 'OVERRIDE_REASON_REQUIRED',
          message: 'A student has approved leave',
          error: 'Bad Request',
        },
      ],
    });
    renderPage();
    await screen.findByLabelText('Attendance of Asha Singh');
    fireEvent.click(within(toggle('Asha Singh')).getByText('Absent'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(error.mock.calls[0][0]).toMatch(/Nothing was saved: a student has approved leave on this day/);
    error.mockRestore();
  });

  it('greys the calendar’s holidays in the date picker and names the holiday of a chosen closed day', async () => {
    const holiday = dayjs(ISO).subtract(1, 'day');
    const h = holiday.format('YYYY-MM-DD');
    mockApi({
      'GET /admin/mentees': STUDENTS,
      'GET /calendar': calendarOf([{ date: h, reason: 'Founders Day' }]),
      'GET /admin/attendance': EMPTY_DAY,
    });
    renderPage();
    await screen.findByLabelText('Attendance of Asha Singh');
    fireEvent.mouseDown(screen.getByLabelText('Date'));
    fireEvent.click(screen.getByLabelText('Date'));
    await waitFor(() => expect(document.querySelector(`.ant-picker-cell[title="${h}"]`)).not.toBeNull());
    await waitFor(() =>
      expect(document.querySelector(`.ant-picker-cell[title="${h}"]`)).toHaveClass('ant-picker-cell-disabled'),
    );
  });
});

describe('AdminAttendancePage, monthly view', () => {
  it('shows late and leave columns and the figure excluding approved leave where a row has leave', async () => {
    // A wide screen: every column is shown.
    const narrow = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...narrow(query), matches: true })) as typeof window.matchMedia;
    mockApi({
      'GET /admin/mentees': STUDENTS,
      'GET /admin/attendance': (url: URL) =>
        url.searchParams.get('month')
          ? {
              month: 1,
              year: 2026,
              schoolDays: 10,
              students: [
                {
                  ...STUDENTS[0],
                  present: 6,
                  late: 1,
                  absent: 1,
                  leave: 2,
                  percentage: 70,
                  percentageExcludingLeave: 87.5,
                },
                {
                  ...STUDENTS[1],
                  present: 9,
                  late: 0,
                  absent: 1,
                  leave: 0,
                  percentage: 90,
                  percentageExcludingLeave: null,
                },
              ],
            }
          : EMPTY_DAY,
    });
    renderPage();
    fireEvent.click(screen.getByText('Monthly'));
    await screen.findByText('70.0%');
    expect(screen.getByRole('columnheader', { name: /Late/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Leave/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('attendance-excluding-leave')).toHaveLength(1);
    expect(screen.getByText('87.5% excluding approved leave')).toBeInTheDocument();
    window.matchMedia = narrow;
  });
});
