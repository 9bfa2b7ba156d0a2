import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { PRESET_RESOLUTIONS, type GrievanceResponse } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { GrievancesPage } from './GrievancesPage';

const grievance: GrievanceResponse = {
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

/** Answers the mentor's list with one grievance and any action with it; says what was asked and sent. */
function mockGrievances() {
  const calls = mockApi({ 'GET /grievances/mentor': [grievance], 'PUT /grievances/:id/:action': grievance });
  return {
    actions: () => calls.filter((c) => c.method === 'PUT').map(({ path, body }) => ({ path, body })),
    queries: () => calls.filter((c) => c.path === '/grievances/mentor').map((c) => c.url.search),
  };
}

const renderPage = () =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>
          <GrievancesPage />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );

describe('Mentor grievances', () => {
  it('labels the middle state In Review and asks the server for in-progress', async () => {
    const { queries } = mockGrievances();
    renderPage();
    await screen.findByTestId('grievance-card');
    fireEvent.click(screen.getByRole('tab', { name: 'In Review' }));
    await waitFor(() => expect(queries()).toContain('?status=in-progress'));
  });

  it('resolves with the first preset by default, or with a custom text', async () => {
    const { actions } = mockGrievances();
    renderPage();
    const card = await screen.findByTestId('grievance-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: PRESET_RESOLUTIONS[0] })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(actions()).toEqual([{ path: '/grievances/g1/resolve', body: { resolution: PRESET_RESOLUTIONS[0] } }]),
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    fireEvent.change(await within(dialog).findByLabelText('Custom resolution'), {
      target: { value: 'Badge re-issued' },
    });
    fireEvent.change(within(dialog).getByLabelText('Comments'), { target: { value: 'Checked with IT' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(actions()[1]).toEqual({
        path: '/grievances/g1/resolve',
        body: { resolution: 'Badge re-issued', mentorComments: 'Checked with IT' },
      }),
    );
  });
});
