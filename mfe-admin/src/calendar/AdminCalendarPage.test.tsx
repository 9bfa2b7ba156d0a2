import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { SchoolCalendar } from '@portal/contracts';
import { schoolCalendar } from '@portal/web-core/testing';
import { notify, setSchoolClock } from '@portal/web-core';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { AdminCalendarPage } from './AdminCalendarPage';
import { parseClosureList } from './parseClosureList';

const YEAR = dayjs().year();
const CALENDAR = schoolCalendar(`${YEAR}-03-10`, { timezone: 'Asia/Kolkata' });

/** A server keeping one calendar: GET answers the closures of from..to, the admin calls change it. */
function serve(initial: SchoolCalendar = CALENDAR, failPut = false, registers: Record<string, number> = {}) {
  const cal: SchoolCalendar = JSON.parse(JSON.stringify(initial));
  const asked: string[][] = [];
  const calls: ReturnType<typeof mockApi> = mockApi({
    // `registers`: day → students marked on it.
    'GET /admin/attendance/recorded': (url: URL) => {
      asked.push(url.searchParams.get('dates')!.split(','));
      const days = asked
        .at(-1)!
        .filter((d) => registers[d])
        .sort();
      return { days, students: days.reduce((n, d) => n + registers[d], 0) };
    },
    'GET /calendar': (url: URL) => {
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      return { ...cal, closures: cal.closures.filter((c) => c.date >= from && c.date <= to) };
    },
    'PUT /admin/calendar': () => {
      if (failPut)
        return [400, { statusCode: 400, code: 'VALIDATION_FAILED', message: 'termEnd must not be before termStart' }];
      Object.assign(cal, calls.at(-1)!.body);
      return cal;
    },
    'POST /admin/calendar/closures': () => {
      const added = (calls.at(-1)!.body as { closures: SchoolCalendar['closures'] }).closures;
      cal.closures = [...cal.closures.filter((c) => !added.some((a) => a.date === c.date)), ...added].sort((a, b) =>
        a.date.localeCompare(b.date),
      );
      return [201, cal];
    },
    'DELETE /admin/calendar/closures/:date': (_url: URL, _body: unknown, { date }: Record<string, string>) => {
      cal.closures = cal.closures.filter((c) => c.date !== date);
      return { message: 'Closure removed' };
    },
  });
  return { calls, cal, asked };
}

const render = () => renderWithPortal(<AdminCalendarPage />);

describe('AdminCalendarPage', () => {
  let success: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the settings under a heading and saves weekend days and the backfill window', async () => {
    const { calls } = serve();
    render();
    expect(screen.getByRole('heading', { name: 'School Calendar' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByText(/The school's today is/)).toHaveTextContent(
      dayjs(CALENDAR.today).format('dddd, D MMMM YYYY'),
    );
    const saturday = screen.getByRole('checkbox', { name: 'Saturday' });
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    expect(saturday).not.toBeChecked();
    fireEvent.click(saturday);
    fireEvent.change(screen.getByLabelText('Sick leave backfill window (days)'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: /Save settings/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      timezone: 'Asia/Kolkata',
      weekendDays: [0, 6],
      termStart: null,
      termEnd: null,
      sickLeaveBackfillDays: 7,
      contactEmail: null,
      quietHours: null,
      guardianDigestAt: '18:00',
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('School calendar saved'));
  });

  it('sets quiet hours for guardian e-mails: both times or none, never the same time twice', async () => {
    const { calls } = serve();
    render();
    const from = await screen.findByLabelText('Quiet hours from');
    const until = screen.getByLabelText('Quiet hours until');
    const save = () => fireEvent.click(screen.getByRole('button', { name: /Save settings/ }));
    const puts = () => calls.filter((c) => c.method === 'PUT');
    fireEvent.change(from, { target: { value: '21:00' } });
    save();
    expect(await screen.findByText('Give both times, or leave both empty')).toBeInTheDocument();
    fireEvent.change(until, { target: { value: '21:00' } });
    save();
    expect(await screen.findByText('Quiet hours must end at another time than they start')).toBeInTheDocument();
    expect(puts()).toEqual([]);
    fireEvent.change(until, { target: { value: '07:00' } });
    save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toMatchObject({ quietHours: { start: '21:00', end: '07:00' } });
  });

  it("sets the guardians' daily summary time, which cannot be left empty", async () => {
    const { calls } = serve();
    render();
    const at = await screen.findByLabelText("Guardians' daily summary at");
    expect(at).toHaveValue('18:00');
    const save = () => fireEvent.click(screen.getByRole('button', { name: /Save settings/ }));
    fireEvent.change(at, { target: { value: '' } });
    save();
    expect(await screen.findByText('Choose a time for the daily summary')).toBeInTheDocument();
    fireEvent.change(at, { target: { value: '19:45' } });
    save();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ guardianDigestAt: '19:45' });
  });

  it('keeps the school office’s e-mail: checked before sending, saved trimmed, cleared when emptied', async () => {
    const { calls, cal } = serve();
    render();
    const field = await screen.findByLabelText('School office e-mail');
    expect(field).toHaveValue('');
    expect(screen.getByText(/Guardian e-mails ask parents to write here/)).toBeInTheDocument();
    const save = () => fireEvent.click(screen.getByRole('button', { name: /Save settings/ }));
    const puts = () => calls.filter((c) => c.method === 'PUT');

    fireEvent.change(field, { target: { value: 'office@school, head@school.edu' } });
    save();
    expect(await screen.findByText('Enter one e-mail address, such as office@school.edu')).toBeInTheDocument();
    expect(puts()).toEqual([]);

    fireEvent.change(field, { target: { value: '  office@school.edu ' } });
    save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toMatchObject({ contactEmail: 'office@school.edu' });
    expect(cal.contactEmail).toBe('office@school.edu');
    await waitFor(() => expect(success).toHaveBeenCalledWith('School calendar saved'));
    await waitFor(() =>
      expect(screen.queryByText('Enter one e-mail address, such as office@school.edu')).not.toBeInTheDocument(),
    );

    fireEvent.change(screen.getByLabelText('School office e-mail'), { target: { value: '' } });
    save();
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].body).toMatchObject({ contactEmail: null });
  });

  it('says why a save failed', async () => {
    serve(CALENDAR, true);
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Save settings/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('termEnd must not be before termStart'));
  });

  it('lists the year’s closures, adds one and removes one after confirming', async () => {
    const { calls } = serve({ ...CALENDAR, closures: [{ date: `${YEAR}-01-26`, reason: 'Republic Day' }] });
    render();
    const list = await screen.findByLabelText('Closures');
    expect(await within(list).findByText('Republic Day')).toBeInTheDocument();

    // Add: a date and a reason.
    const add = screen.getByRole('button', { name: /^(plus )?Add$/ });
    expect(add).toBeDisabled();
    fireEvent.mouseDown(screen.getByLabelText('Closure date'));
    fireEvent.change(screen.getByLabelText('Closure date'), { target: { value: `15 Aug ${YEAR}` } });
    const cell = await waitFor(() => {
      const c = document.querySelector<HTMLElement>(`.ant-picker-cell[title="${YEAR}-08-15"]`);
      expect(c).not.toBeNull();
      return c!;
    });
    fireEvent.click(cell);
    fireEvent.change(screen.getByLabelText('Closure reason'), { target: { value: 'Independence Day' } });
    expect(add).toBeEnabled();
    fireEvent.click(add);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      closures: [{ date: `${YEAR}-08-15`, reason: 'Independence Day' }],
    });
    expect(await within(list).findByText('Independence Day')).toBeInTheDocument();

    // Remove: asks first.
    fireEvent.click(screen.getByRole('button', { name: `Remove ${YEAR}-01-26 (Republic Day)` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
        { method: 'DELETE', path: `/admin/calendar/closures/${YEAR}-01-26`, body: undefined },
      ]),
    );
    await waitFor(() => expect(within(list).queryByText('Republic Day')).not.toBeInTheDocument());
  });

  it('imports a list in one call, and reports bad lines by number before sending anything', async () => {
    const { calls } = serve();
    render();
    const box = await screen.findByLabelText('Closures to import');
    fireEvent.change(box, {
      target: { value: `date,reason\n${YEAR}-10-02,Gandhi Jayanti\n${YEAR}-02-30,Nope\n\n${YEAR}-11-01\n` },
    });
    const errors = await screen.findByTestId('import-errors');
    expect(
      within(errors).getByText(new RegExp(`Line 3: "${YEAR}-02-30" is not a date written YYYY-MM-DD`)),
    ).toBeInTheDocument();
    expect(within(errors).getByText(/Line 5: A reason is needed after the date/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(box, {
      target: { value: `${YEAR}-10-02,Gandhi Jayanti\n${YEAR}-12-25,"Christmas, school closed"\n` },
    });
    expect(screen.queryByTestId('import-errors')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 closures' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      closures: [
        { date: `${YEAR}-10-02`, reason: 'Gandhi Jayanti' },
        { date: `${YEAR}-12-25`, reason: 'Christmas, school closed' },
      ],
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('2 closures imported'));
    expect(box).toHaveValue('');
  });
});

describe('closing days that already have a register', () => {
  beforeEach(() => {
    jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    // The school's today: the last day of the year, so every day of it is past.
    setSchoolClock(Date.parse(`${YEAR}-12-31T06:00:00Z`));
  });
  afterEach(() => {
    setSchoolClock();
    jest.restoreAllMocks();
  });

  it('asks first, naming the days and the students whose figures change; Keep sends nothing', async () => {
    const { calls, asked } = serve(CALENDAR, false, { [`${YEAR}-10-02`]: 38 });
    render();
    const box = await screen.findByLabelText('Closures to import');
    fireEvent.change(box, { target: { value: `${YEAR}-10-02,Gandhi Jayanti\n${YEAR}-10-03,Rain\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 closures' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Close a day that already has a register?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      `2 Oct ${YEAR}: marks for 38 students are saved. Closing takes those marks out of every figure, so attendance percentages change.`,
    );
    expect(asked).toEqual([[`${YEAR}-10-02`, `${YEAR}-10-03`]]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep as school days' }));
    // Nothing sent; the list stays to be changed.
    await waitFor(() => expect(box).toHaveValue(`${YEAR}-10-02,Gandhi Jayanti\n${YEAR}-10-03,Rain\n`));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('closes the days once the admin agrees', async () => {
    const { calls } = serve(CALENDAR, false, { [`${YEAR}-10-02`]: 38 });
    render();
    const box = await screen.findByLabelText('Closures to import');
    fireEvent.change(box, { target: { value: `${YEAR}-10-02,Gandhi Jayanti\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 closure' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close the day' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('adds a past day without a register, and any future day, without asking', async () => {
    setSchoolClock(Date.parse(`${YEAR}-06-01T06:00:00Z`));
    const { calls, asked } = serve(CALENDAR, false, { [`${YEAR}-12-25`]: 40 });
    render();
    const box = await screen.findByLabelText('Closures to import');
    fireEvent.change(box, { target: { value: `${YEAR}-05-04,Rain\n${YEAR}-12-25,Christmas\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 closures' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Only the past day was asked about.
    expect(asked).toEqual([[`${YEAR}-05-04`]]);
  });
});

describe('parseClosureList', () => {
  it('reads quoted reasons, skips blanks and a header, keeps the last reason of a repeated date', () => {
    expect(
      parseClosureList('date,reason\r\n2026-12-25,"Christmas, closed"\n\n2026-12-25,Christmas\n2026-01-01,New Year'),
    ).toEqual({
      closures: [
        { date: '2026-01-01', reason: 'New Year' },
        { date: '2026-12-25', reason: 'Christmas' },
      ],
      errors: [],
    });
  });

  it('reports each bad line with its number', () => {
    const { errors } = parseClosureList(`2026-13-01,Bad month\n2026-01-02,${'x'.repeat(201)}\n25/12/2026,Wrong format`);
    expect(errors.map((e) => e.line)).toEqual([1, 2, 3]);
  });
});
