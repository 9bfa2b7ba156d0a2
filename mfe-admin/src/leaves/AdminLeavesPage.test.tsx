import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAGE_SIZE, TOTAL_COUNT_HEADER, type LeaveResponse } from '@portal/contracts';
import { deferred } from '@portal/web-core/testing';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { AdminLeavesPage } from './AdminLeavesPage';

const leave = (i: number, over: Partial<LeaveResponse> = {}): LeaveResponse => ({
  _id: `l${i}`,
  menteeId: { _id: `m${i}`, fullName: `Student ${i}`, studentId: `STU-${i}` },
  mentorId: { _id: 't1', fullName: 'Dr. Helen Carter' },
  leaveType: 'casual',
  startDate: '2030-03-02',
  endDate: '2030-03-02',
  daysCount: 1,
  schoolDays: 1,
  reason: 'Family event',
  status: 'approved',
  approvedBy: { _id: 't1', fullName: 'Dr. Helen Carter' },
  filedBy: null,
  document: null,
  decidedAt: '2030-03-01T10:00:00.000Z',
  mentorComments: '',
  cancelledAt: null,
  createdAt: '2030-03-01T09:00:00.000Z',
  updatedAt: '2030-03-01T10:00:00.000Z',
  ...over,
});

/**
 * GET /leaves/admin as the API answers it: the page `page` and `limit` ask for, as an array, and the count of every
 * leave matching `search` in the X-Total-Count header. Answers the addresses asked for (with their query).
 */
function serveLeaves(all: LeaveResponse[], held?: Promise<unknown>) {
  const matching = (url: URL) => {
    const term = url.searchParams.get('search')?.toLowerCase();
    const status = url.searchParams.get('status');
    return all.filter(
      (l) => (!term || l.menteeId!.fullName.toLowerCase().includes(term)) && (!status || l.status === status),
    );
  };
  const calls = mockApi({
    'GET /leaves/admin': async (url: URL) => {
      await held;
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      return new Response(JSON.stringify(matching(url).slice((page - 1) * limit, page * limit)), {
        headers: { 'content-type': 'application/json', [TOTAL_COUNT_HEADER]: String(matching(url).length) },
      });
    },
    'GET /leaves/admin/export': 'Student\n',
    'PUT /leaves/:id/reject': (_url: URL, _body: unknown, { id }: Record<string, string>) => {
      const l = all.find((x) => x._id === id)!;
      l.status = 'rejected';
      return l;
    },
  });
  return { asked: () => calls.map((c) => `${c.path}${c.url.search}`) };
}

const lists = (asked: string[]) => asked.filter((a) => a.startsWith('/leaves/admin?'));

describe('admin leaves, paged on the server', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:leaves');
    URL.revokeObjectURL = jest.fn();
  });

  it('asks for one page, counts every leave, and asks for the next page when it is chosen', async () => {
    const all = Array.from({ length: 45 }, (_, i) => leave(i + 1));
    const { asked } = serveLeaves(all);
    renderWithPortal(<AdminLeavesPage />);
    expect(await screen.findByText('Student 1')).toBeInTheDocument();
    // The count is every leave, not the rows on this page.
    expect(screen.getByText('45 requests')).toBeInTheDocument();
    expect(screen.queryByText(`Student ${PAGE_SIZE + 1}`)).not.toBeInTheDocument();
    expect(lists(asked())).toEqual([`/leaves/admin?page=1&limit=${PAGE_SIZE}`]);
    // Three pages of 20.
    expect(screen.getByTitle('3')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTitle('2')).getByText('2'));
    expect(await screen.findByText(`Student ${PAGE_SIZE + 1}`)).toBeInTheDocument();
    expect(screen.queryByText('Student 1')).not.toBeInTheDocument();
    expect(lists(asked())).toContain(`/leaves/admin?page=2&limit=${PAGE_SIZE}`);
  });

  it('searches on the server from page 1, counts the matches, and exports every match, not the page', async () => {
    const all = [
      ...Array.from({ length: 30 }, (_, i) => leave(i + 1)),
      ...Array.from({ length: 25 }, (_, i) =>
        leave(100 + i, { menteeId: { _id: `a${i}`, fullName: `Asha ${i}`, studentId: `A-${i}` } }),
      ),
    ];
    const { asked } = serveLeaves(all);
    renderWithPortal(<AdminLeavesPage />);
    await screen.findByText('Student 1');
    fireEvent.click(within(screen.getByTitle('2')).getByText('2'));
    await screen.findByText('Student 21');
    fireEvent.change(screen.getByLabelText('Search leaves'), { target: { value: 'asha' } });
    // Debounced, then page 1 of the matches (a new search starts from the first page).
    expect(await screen.findByText('25 requests match the filters', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(lists(asked())).toContain(`/leaves/admin?search=asha&page=1&limit=${PAGE_SIZE}`);
    expect(screen.getByText('Asha 0')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Export Report/ }));
    await waitFor(() => expect(asked()).toContain('/leaves/admin/export?search=asha'));
  });

  it('changes the page size on the server', async () => {
    const { asked } = serveLeaves(Array.from({ length: 45 }, (_, i) => leave(i + 1)));
    renderWithPortal(<AdminLeavesPage />);
    await screen.findByText('Student 1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Page Size/i }));
    fireEvent.click(await screen.findByTitle('50 / page'));
    expect(await screen.findByText('Student 45')).toBeInTheDocument();
    expect(lists(asked())).toContain('/leaves/admin?page=1&limit=50');
  });

  it('shows the loading state while a page is on its way, then the empty state with the right hint', async () => {
    const gate = deferred();
    serveLeaves([], gate.promise);
    const { container } = renderWithPortal(<AdminLeavesPage />);
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    await act(async () => gate.resolve(undefined));
    // One description, two lines: what is empty, then why.
    expect(
      await screen.findByText(/^No leave requests found.*No leave requests have been submitted yet\.$/),
    ).toBeInTheDocument();
    expect(screen.getByText('0 requests')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export Report/ })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Search leaves'), { target: { value: 'nobody' } });
    expect(
      await screen.findByText(/^No leave requests found.*Try adjusting your filters/, {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });
  it('shows the new last page when a decision empties the page shown', async () => {
    const { asked } = serveLeaves(Array.from({ length: PAGE_SIZE + 1 }, (_, i) => leave(i + 1, { status: 'pending' })));
    renderWithPortal(<AdminLeavesPage />);
    await screen.findByText('Student 1');
    fireEvent.mouseDown(screen.getByLabelText('Status filter'));
    fireEvent.click((await screen.findAllByTitle('Pending')).find((el) => el.closest('.ant-select-item-option'))!);
    expect(await screen.findByText(`${PAGE_SIZE + 1} requests match the filters`)).toBeInTheDocument();
    fireEvent.click(within(screen.getByTitle('2')).getByText('2'));
    const last = (await screen.findByText(`Student ${PAGE_SIZE + 1}`)).closest('tr') as HTMLElement;
    fireEvent.click(within(last).getByRole('button', { name: 'Reject' }));
    // Page 2 is empty now: page 1 is asked for and shown.
    expect(await screen.findByText(`${PAGE_SIZE} requests match the filters`)).toBeInTheDocument();
    expect(await screen.findByText('Student 1')).toBeInTheDocument();
    expect(lists(asked()).at(-1)).toBe(`/leaves/admin?status=pending&page=1&limit=${PAGE_SIZE}`);
  });
});
