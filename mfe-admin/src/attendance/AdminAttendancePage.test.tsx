import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { MenteeRecord } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '../testing/renderWithPortal';
import { AdminAttendancePage, defaultDay } from './AdminAttendancePage';

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
  attendance: { totalDays: 10, presentDays: 9, percentage: 90 },
});
const ISO = defaultDay().format('YYYY-MM-DD');
const STUDENTS = [student('s1', 'Asha Singh'), student('s2', 'Ben Okafor')];

/** The page under the shell's kind of router (a data router: leaving can be blocked), at /admin/attendance. */
function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/attendance', element: <AdminAttendancePage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/admin/attendance'] },
  );
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  return router;
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
          : { date: ISO, attendanceData: { s1: { [ISO]: 'absent' }, s2: { [ISO]: 'present' } } },
    });
    renderPage();
    expect(await screen.findByText(/Failed to fetch attendance data/)).toBeInTheDocument();
    // Nobody is shown as unmarked, and nothing can be marked or saved over the day that may be stored.
    expect(screen.queryByLabelText('Attendance of Asha Singh')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mark All Present/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Mark All Absent/ })).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    // Present, Absent, Unmarked and Total are not known: no figure rather than a wrong one.
    expect(screen.getAllByText('—')).toHaveLength(4);

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(selected('Asha Singh')).toBe('Absent'));
    expect(selected('Ben Okafor')).toBe('Present');
    expect(screen.queryByText(/Failed to fetch attendance data/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mark All Present/ })).toBeEnabled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('counts unsaved changes in the save bar and saves only what changed', async () => {
    // The server's day, as stored: the POST writes it, the GET reads it.
    const stored: Record<string, Record<string, string>> = { s1: { [ISO]: 'present' } };
    const calls: ReturnType<typeof mockApi> = mockApi({
      'GET /admin/mentees': STUDENTS,
      'GET /admin/attendance': () => ({ date: ISO, attendanceData: stored }),
      'POST /admin/attendance': () => {
        Object.assign(stored, (calls.at(-1)!.body as { attendanceData: typeof stored }).attendanceData);
        return [201, { message: 'Attendance saved successfully', date: ISO, saved: 1, present: 0, absent: 1 }];
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

  it('asks before leaving with unsaved marks: Stay keeps them, Leave goes; the browser is asked on unload', async () => {
    mockApi({ 'GET /admin/mentees': STUDENTS, 'GET /admin/attendance': { date: ISO, attendanceData: {} } });
    const router = renderPage();
    await screen.findByLabelText('Attendance of Asha Singh');
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Mark All Present/ }));
    expect(unload()).toBe(true);
    await act(() => router.navigate('/admin/users'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave without saving?')).toBeInTheDocument();
    expect(within(dialog).getByText(/2 unsaved changes for/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/admin/attendance');
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
    expect(selected('Asha Singh')).toBe('Present');

    await act(() => router.navigate('/admin/users'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));

    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(unload()).toBe(false);
  });

  it('navigates freely when nothing is unsaved', async () => {
    mockApi({ 'GET /admin/mentees': STUDENTS, 'GET /admin/attendance': { date: ISO, attendanceData: {} } });
    const router = renderPage();
    await screen.findByLabelText('Attendance of Asha Singh');
    await act(() => router.navigate('/admin/users'));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables Sundays in the date picker and says why; the page never opens on a Sunday', async () => {
    mockApi({ 'GET /admin/mentees': STUDENTS, 'GET /admin/attendance': { date: ISO, attendanceData: {} } });
    renderPage();
    await screen.findByLabelText('Attendance of Asha Singh');
    fireEvent.mouseDown(screen.getByLabelText('Date'));
    fireEvent.click(screen.getByLabelText('Date'));
    expect(await screen.findByText('Sundays are not school days and cannot be marked.')).toBeInTheDocument();
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
