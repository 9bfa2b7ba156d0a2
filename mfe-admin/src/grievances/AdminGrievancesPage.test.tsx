import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GrievanceResponse } from '@portal/contracts';
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
});
