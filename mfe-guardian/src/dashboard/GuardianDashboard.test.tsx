import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { switchLanguage } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { CHOSEN_CHILD_KEY } from '../children/useChosenChild';
import { asha, attendanceOf, jordan, renderGuardianArea } from '../testing/renderGuardianArea';

const attendancePaths = (calls: { path: string }[]) =>
  calls.filter((c) => c.path.endsWith('/attendance')).map((c) => c.path);

beforeEach(() => sessionStorage.clear());

describe("guardian's dashboard", () => {
  it("greets the guardian and shows an only child's day, attendance, leave eligibility and mentor", async () => {
    const calls = mockApi({
      'GET /guardian/children': [jordan],
      'GET /guardian/children/:id/attendance': attendanceOf(jordan),
    });
    renderGuardianArea();
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Maria Rivera' })).toBeInTheDocument();
    // One child: the name, not a choice.
    expect(await screen.findByTestId('child-name')).toHaveTextContent('Jordan Rivera');
    expect(screen.queryByRole('combobox', { name: 'Child' })).not.toBeInTheDocument();
    expect(screen.getByTestId('child-switcher')).toHaveTextContent('Class 10-A · STU-0042');

    const today = await screen.findByTestId('card-today');
    expect(today).toHaveTextContent('Present');
    expect(today).toHaveTextContent('Tuesday, 10 March 2026');
    const attendance = screen.getByTestId('card-attendance');
    expect(attendance).toHaveTextContent('92.5%');
    expect(within(attendance).getByText('Excellent')).toBeInTheDocument();
    expect(within(attendance).getByText('Eligible for leave')).toBeInTheDocument();
    expect(attendance).toHaveTextContent('37/40 days');
    expect(attendance).toHaveTextContent('94.9% excluding approved leave');
    const mentor = screen.getByTestId('card-mentor');
    expect(mentor).toHaveTextContent('Dr. Helen Carter');
    expect(mentor).toHaveTextContent('Office hours: Mon–Fri 15:00–16:00');
    // The school's current month: no month asked for, the server's today decides.
    expect(attendancePaths(calls)).toEqual(['/guardian/children/c1/attendance']);
    expect(calls.find((c) => c.path.endsWith('/attendance'))!.url.search).toBe('');

    fireEvent.click(screen.getByRole('button', { name: /View attendance/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendance' })).toBeInTheDocument();
  });

  it('says when today is not marked yet, when no mentor is assigned, and when leave can no longer be taken', async () => {
    mockApi({
      'GET /guardian/children': [asha],
      'GET /guardian/children/:id/attendance': attendanceOf(asha, {
        today: { date: '2026-03-10', status: null },
        summary: {
          totalDays: 20,
          presentDays: 14,
          lateDays: 0,
          absentDays: 6,
          leaveDays: 0,
          percentage: 70,
          percentageExcludingLeave: null,
        },
        leaveEligible: false,
      }),
    });
    renderGuardianArea();
    expect(await screen.findByTestId('card-today')).toHaveTextContent('Not marked yet');
    const attendance = screen.getByTestId('card-attendance');
    expect(attendance).toHaveTextContent('70%');
    expect(within(attendance).getByText('Needs improvement')).toBeInTheDocument();
    expect(within(attendance).getByText('Not eligible for leave')).toBeInTheDocument();
    expect(screen.getByTestId('card-mentor')).toHaveTextContent('No mentor assigned yet');
  });

  it('offers each child by name, opens on the first, and keeps the chosen one on the Attendance page', async () => {
    const calls = mockApi({
      // Not in name order: the switcher sorts them.
      'GET /guardian/children': [jordan, asha],
      'GET /guardian/children/:id/attendance': (_url: URL, _body: unknown, { id }: Record<string, string>) =>
        id === jordan._id
          ? attendanceOf(jordan)
          : attendanceOf(asha, { today: { date: '2026-03-10', status: 'absent' } }),
    });
    renderGuardianArea();
    const select = await screen.findByRole('combobox', { name: 'Child' });
    expect(screen.getByTestId('child-switcher')).toHaveTextContent('Asha Rivera');
    expect(await screen.findByTestId('card-today')).toHaveTextContent('Absent');
    expect(screen.getByTestId('card-mentor')).toHaveTextContent('No mentor assigned yet');
    fireEvent.mouseDown(select);
    await screen.findByTitle('Jordan Rivera');
    const options = document.querySelectorAll('.ant-select-item-option');
    expect([...options].map((o) => o.getAttribute('title'))).toEqual(['Asha Rivera', 'Jordan Rivera']);

    fireEvent.click(await screen.findByTitle('Jordan Rivera'));
    await waitFor(() => expect(screen.getByTestId('card-mentor')).toHaveTextContent('Dr. Helen Carter'));
    expect(screen.getByTestId('card-today')).toHaveTextContent('Present');
    expect(sessionStorage.getItem(CHOSEN_CHILD_KEY)).toBe(jordan._id);
    expect(attendancePaths(calls)).toEqual(['/guardian/children/c2/attendance', '/guardian/children/c1/attendance']);

    // Another page of the area shows the same child.
    fireEvent.click(screen.getByRole('button', { name: /View attendance/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendance' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('child-switcher')).toHaveTextContent('Jordan Rivera'));
    expect(screen.getByTestId('child-switcher')).not.toHaveTextContent('Asha Rivera');
  });

  it('opens on the child kept for this tab, and on the first when the kept one is no longer linked', async () => {
    mockApi({
      'GET /guardian/children': [asha, jordan],
      'GET /guardian/children/:id/attendance': (_url: URL, _body: unknown, { id }: Record<string, string>) =>
        attendanceOf(id === jordan._id ? jordan : asha),
    });
    sessionStorage.setItem(CHOSEN_CHILD_KEY, jordan._id);
    const first = renderGuardianArea();
    await waitFor(() => expect(screen.getByTestId('child-switcher')).toHaveTextContent('Jordan Rivera'));
    first.unmount();

    sessionStorage.setItem(CHOSEN_CHILD_KEY, 'another-familys-child');
    renderGuardianArea();
    await waitFor(() => expect(screen.getByTestId('child-switcher')).toHaveTextContent('Asha Rivera'));
  });

  it('tells a guardian without linked children whom to contact', async () => {
    const calls = mockApi({ 'GET /guardian/children': [] });
    renderGuardianArea();
    expect(
      await screen.findByText('No children are linked to your account yet. Please contact the school office.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('child-switcher')).not.toBeInTheDocument();
    expect(attendancePaths(calls)).toEqual([]);
  });

  it('shows a failed load with Retry, and the page once a retry succeeds', async () => {
    let fail = true;
    mockApi({
      'GET /guardian/children': () => (fail ? [500, { statusCode: 500, message: 'Internal server error' }] : [jordan]),
      'GET /guardian/children/:id/attendance': attendanceOf(jordan),
    });
    renderGuardianArea();
    expect(await screen.findByText('Could not load your children')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('card-today')).toHaveTextContent('Present');
  });

  it("shows a failed load of the child's attendance with Retry", async () => {
    mockApi({
      'GET /guardian/children': [jordan],
      'GET /guardian/children/:id/attendance': [403, { statusCode: 403, code: 'NOT_OWNER', message: 'Not yours' }],
    });
    renderGuardianArea();
    expect(await screen.findByText("Could not load your child's attendance")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe("guardian's dashboard in Hindi", () => {
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('greets, labels and words the attendance in Hindi', async () => {
    await act(() => switchLanguage('hi'));
    mockApi({
      'GET /guardian/children': [jordan, asha],
      'GET /guardian/children/:id/attendance': attendanceOf(asha, { today: { date: '2026-03-10', status: null } }),
    });
    renderGuardianArea();
    expect(screen.getByRole('heading', { level: 1, name: 'नमस्ते, Maria Rivera' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'बच्चा' })).toBeInTheDocument();
    expect(await screen.findByTestId('card-today')).toHaveTextContent('अभी दर्ज नहीं हुई');
    expect(screen.getByTestId('card-mentor')).toHaveTextContent('अभी कोई मेंटर आवंटित नहीं है');
    expect(screen.getByRole('button', { name: /उपस्थिति देखें/ })).toBeInTheDocument();
  });
});
