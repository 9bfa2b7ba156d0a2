import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GuardianAttendanceDay } from '@portal/contracts';
import { setSchoolClock } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { attendanceOf, jordan, renderGuardianArea } from '../testing/renderGuardianArea';

const MARCH: GuardianAttendanceDay[] = [
  { date: '2026-03-02', status: 'present' },
  { date: '2026-03-03', status: 'late' },
  { date: '2026-03-04', status: 'absent' },
  { date: '2026-03-05', status: 'leave' },
];
const FEBRUARY: GuardianAttendanceDay[] = [
  { date: '2026-02-23', status: 'present' },
  { date: '2026-02-24', status: 'present' },
];

/** Picks an option of the antd Select named `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

const days = () =>
  screen
    .getAllByTestId('attendance-day')
    .map((row) => [row.textContent, row.querySelector('[data-status]')!.getAttribute('data-status')]);

describe("a child's attendance, month by month", () => {
  beforeEach(() => {
    sessionStorage.clear();
    // 11:30 on 10 March 2026 at the school.
    setSchoolClock(Date.parse('2026-03-10T06:00:00Z'));
  });
  afterEach(() => {
    cleanup(); // before the clock goes back: a mounted page would redraw outside act
    setSchoolClock();
  });

  it("opens on the school's current month and switches to another month, an empty one saying so", async () => {
    const calls = mockApi({
      'GET /guardian/children': [jordan],
      'GET /guardian/children/:id/attendance': (url: URL) => {
        const month = url.searchParams.get('month');
        if (!month) return attendanceOf(jordan, { days: MARCH });
        return attendanceOf(jordan, { month, days: month === '2026-02' ? FEBRUARY : [] });
      },
    });
    renderGuardianArea('/children/attendance');
    expect(screen.getByRole('heading', { level: 1, name: 'Attendance' })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'March 2026' });
    expect(screen.getByRole('combobox', { name: 'Month' })).toBeInTheDocument();
    expect(days()).toEqual([
      ['Mon, 2 MarPresent', 'present'],
      ['Tue, 3 MarLate', 'late'],
      // An absence not yet answered offers the answer.
      ['Wed, 4 MarAnswerAbsent', 'absent'],
      // A day of leave says so, in words and not by colour alone.
      ['Thu, 5 MarOn leave', 'leave'],
    ]);
    // The month's own figure: 2 attended of 4 marked days.
    const counts = [...within(panel).getByTestId('month-counts').children].map((c) => c.textContent);
    expect(counts).toEqual(['Attendance 50%', 'Present 1', 'Absent 1', 'Late 1', 'On leave 1']);
    const overall = screen.getByRole('region', { name: 'Overall attendance' });
    expect(overall).toHaveTextContent('92.5%');
    expect(within(overall).getByText('Excellent')).toBeInTheDocument();
    expect(within(overall).getByText('Eligible for leave')).toBeInTheDocument();

    await choose('Month', 'February 2026');
    await screen.findByRole('region', { name: 'February 2026' });
    expect(days()).toEqual([
      ['Mon, 23 FebPresent', 'present'],
      ['Tue, 24 FebPresent', 'present'],
    ]);

    await choose('Month', 'January 2026');
    const january = await screen.findByRole('region', { name: 'January 2026' });
    expect(within(january).getByText('No attendance recorded this month')).toBeInTheDocument();
    expect(screen.queryAllByTestId('attendance-day')).toEqual([]);

    // Back to the current month: the first answer, from the cache.
    await choose('Month', 'March 2026');
    await waitFor(() => expect(days()).toHaveLength(4));
    expect(calls.filter((c) => c.path.endsWith('/attendance')).map((c) => c.url.search)).toEqual([
      '',
      '?month=2026-02',
      '?month=2026-01',
    ]);
  });

  it('answers an absence: "other" needs its reason, and the day then shows the answer', async () => {
    let answered: GuardianAttendanceDay['answer'];
    const calls = mockApi({
      'GET /guardian/children': [jordan],
      'GET /guardian/children/:id/attendance': () =>
        attendanceOf(jordan, {
          days: MARCH.map((d) => (d.date === '2026-03-04' && answered ? { ...d, answer: answered } : d)),
        }),
      'POST /guardian/children/:id/absence-answers': (_u: URL, body: { reason: 'other'; note: string }) => {
        answered = {
          reason: body.reason,
          note: body.note,
          answeredBy: 'Maria Rivera',
          createdAt: '2026-03-10T06:00:00Z',
        };
        return answered;
      },
    });
    renderGuardianArea('/children/attendance');
    await screen.findByText('Tell the school why your child was away: answer any absence below.');
    fireEvent.click(screen.getByRole('button', { name: 'Answer the absence of Wednesday, 4 March' }));
    const dialog = await screen.findByRole('dialog', { name: "Jordan Rivera's absence on Wednesday, 4 March" });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Other reason' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText('Please say what the reason is')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What is the reason?' }), {
      target: { value: 'A family wedding' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: '2026-03-04',
      reason: 'other',
      note: 'A family wedding',
    });
    expect(await screen.findByText(/Answered: Other reason, by Maria Rivera/)).toHaveTextContent('“A family wedding”');
    expect(screen.queryByRole('button', { name: 'Answer the absence of Wednesday, 4 March' })).toBeNull();
  });
});
