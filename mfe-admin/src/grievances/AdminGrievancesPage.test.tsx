import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAGE_SIZE, TOTAL_COUNT_HEADER, type GrievanceResponse } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { AdminGrievancesPage } from './AdminGrievancesPage';

const base: GrievanceResponse = {
  _id: 'g1',
  menteeId: { _id: 'm1', fullName: 'Asha Rao', studentId: 'STU-0042' },
  name: 'Asha Rao',
  email: 'asha@example.edu',
  rollNo: 'STU-0042',
  subject: 'Lab access',
  title: 'Lab access',
  grievanceType: 'technical-issues',
  category: 'facilities',
  dateOfIncident: '2030-03-01',
  description: 'The badge reader rejects my card.',
  priority: 'medium',
  status: 'pending',
  mentorComments: '',
  adminComments: '',
  resolution: '',
  resolvedAt: null,
  createdAt: '2030-03-02T09:00:00.000Z',
  updatedAt: '2030-03-02T09:00:00.000Z',
  ticketNumber: 'GRV-2030-000001',
  confidential: false,
  aboutMentor: false,
  nameWithheld: false,
  identityRevealedAt: null,
  deadlineAt: '2030-03-12T00:00:00.000Z',
  escalatedAt: null,
  confirmedAt: null,
  reopenedAt: null,
};
const pending = base;
const inProgress: GrievanceResponse = {
  ...base,
  _id: 'g2',
  subject: 'Bullying',
  title: 'Bullying',
  status: 'in-progress',
};
const resolved: GrievanceResponse = { ...base, _id: 'g3', subject: 'Lockers', title: 'Lockers', status: 'resolved' };

const rowOf = async (subject: string) => (await screen.findByText(subject)).closest('tr') as HTMLElement;

describe('admin grievances', () => {
  it('offers Start Processing, Resolve and Reject on pending rows and only Resolve on in-progress rows', async () => {
    mockApi({ 'GET /grievances/admin': [pending, inProgress, resolved] });
    renderWithPortal(<AdminGrievancesPage />);
    const p = await rowOf('Lab access');
    for (const name of ['Start Processing', 'Resolve', 'Reject'])
      expect(within(p).getByRole('button', { name })).toBeInTheDocument();
    const ip = await rowOf('Bullying');
    expect(within(ip).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    expect(within(ip).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(within(ip).queryByRole('button', { name: 'Start Processing' })).not.toBeInTheDocument();
    const r = await rowOf('Lockers');
    expect(within(r).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });

  it('changes the priority of an open grievance; a closed one shows its priority read-only', async () => {
    const calls = mockApi({
      'GET /grievances/admin': [pending, resolved],
      'PUT /grievances/g1/priority': { ...pending, priority: 'high' },
    });
    renderWithPortal(<AdminGrievancesPage />);
    await rowOf('Lab access');
    expect(screen.queryByLabelText('Priority of Lockers')).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Priority of Lab access'));
    const option = (await screen.findAllByText('High')).find((el) => el.closest('.ant-select-item-option'));
    fireEvent.click(option!.closest('.ant-select-item-option')!);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/grievances/g1/priority', body: { priority: 'high' } },
      ]),
    );
  });

  it('flags escalated and confidential tickets, and reveals a withheld name only with a reason', async () => {
    const anonymous: GrievanceResponse = {
      ...base,
      _id: 'g4',
      ticketNumber: 'GRV-2030-000004',
      subject: 'About my mentor',
      title: 'About my mentor',
      menteeId: null,
      name: 'Name withheld',
      email: '',
      rollNo: '',
      confidential: true,
      nameWithheld: true,
      escalatedAt: '2030-03-12T00:00:00.000Z',
    };
    const calls = mockApi({
      'GET /grievances/admin': [anonymous],
      'POST /admin/grievances/g4/reveal': {
        menteeId: 'm1',
        fullName: 'Asha Rao',
        studentId: 'STU-0042',
        email: 'asha@example.edu',
      },
    });
    renderWithPortal(<AdminGrievancesPage />);
    const row = await rowOf('About my mentor');
    expect(within(row).getByText('GRV-2030-000004')).toBeInTheDocument();
    expect(within(row).getByText('Confidential')).toBeInTheDocument();
    expect(within(row).getByText('Escalated')).toBeInTheDocument();
    expect(within(row).getByText('Name withheld')).toBeInTheDocument();
    // Its details name no id and no contact: no empty brackets.
    fireEvent.click(within(row).getByRole('button', { name: 'View Details' }));
    const details = await screen.findByRole('dialog');
    expect(within(details).getByText('Name withheld')).toBeInTheDocument();
    expect(within(details).queryByText(/Name withheld \(/)).not.toBeInTheDocument();
    fireEvent.click(within(details).getAllByRole('button', { name: /close/i })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(within(row).getByRole('button', { name: 'Reveal identity, GRV-2030-000004' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Reveal' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Safeguarding referral' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(await within(dialog).findByText('Asha Rao')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/admin/grievances/g4/reveal', body: { reason: 'Safeguarding referral' } },
    ]);
  });
  it('pages on the server: one page asked for, the count over every match, a filter from page 1, the export of every match', async () => {
    const all = Array.from({ length: 30 }, (_, i) => ({
      ...base,
      _id: `p${i}`,
      subject: `Subject ${i}`,
      title: `Subject ${i}`,
      // Mostly closed: their category and priority are read-only (a lighter table to render).
      status: i % 3 === 0 ? ('pending' as const) : ('resolved' as const),
    }));
    const matching = (url: URL) =>
      all.filter((g) => !url.searchParams.get('status') || g.status === url.searchParams.get('status'));
    // The API's answer: one page as an array, the count of every matching grievance in a header.
    const calls = mockApi({
      'GET /grievances/admin': (url: URL) => {
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        return new Response(JSON.stringify(matching(url).slice((page - 1) * limit, page * limit)), {
          headers: { 'content-type': 'application/json', [TOTAL_COUNT_HEADER]: String(matching(url).length) },
        });
      },
      'GET /grievances/admin/export': 'Ticket\n',
    });
    const asked = () => calls.map((c) => `${c.path}${c.url.search}`);
    URL.createObjectURL = jest.fn(() => 'blob:grievances');
    URL.revokeObjectURL = jest.fn();

    renderWithPortal(<AdminGrievancesPage />);
    await rowOf('Subject 0');
    expect(screen.getByText('30 grievances')).toBeInTheDocument();
    expect(screen.queryByText(`Subject ${PAGE_SIZE}`)).not.toBeInTheDocument();
    fireEvent.click(within(screen.getByTitle('2')).getByText('2'));
    await rowOf(`Subject ${PAGE_SIZE}`);
    expect(asked()).toContain(`/grievances/admin?page=2&limit=${PAGE_SIZE}`);

    fireEvent.mouseDown(screen.getByLabelText('Status filter'));
    const option = (await screen.findAllByText('Pending')).find((el) => el.closest('.ant-select-item-option'));
    fireEvent.click(option!.closest('.ant-select-item-option')!);
    expect(await screen.findByText('10 grievances match the filters')).toBeInTheDocument();
    expect(asked()).toContain(`/grievances/admin?status=pending&page=1&limit=${PAGE_SIZE}`);
    fireEvent.click(screen.getByRole('button', { name: /Export Report/ }));
    await waitFor(() => expect(asked()).toContain('/grievances/admin/export?status=pending'));
  });
});
