import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { GrievanceResponse } from '@portal/contracts';
import { createStore, switchLanguage } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { GrievancesBoard } from '../GrievancesBoard';

const grievance: GrievanceResponse = {
  _id: 'g1',
  ticketNumber: 'GRV-2026-000001',
  menteeId: { _id: 's1', fullName: 'Asha Singh', studentId: 'STU-1' },
  name: 'Asha Singh',
  email: 'asha@example.edu',
  rollNo: 'STU-1',
  subject: 'Broken bench',
  title: 'Broken bench',
  grievanceType: 'technical-issues',
  category: 'facilities',
  dateOfIncident: '2026-11-20',
  description: 'The bench in room 4 is broken.',
  priority: 'high',
  status: 'in-progress',
  mentorComments: '',
  adminComments: '',
  resolution: '',
  resolvedAt: null,
  createdAt: '2026-11-21T09:30:00Z',
  updatedAt: '2026-11-21T09:30:00Z',
  confidential: false,
  aboutMentor: false,
  nameWithheld: false,
  identityRevealedAt: null,
  deadlineAt: null,
  escalatedAt: null,
  confirmedAt: null,
  reopenedAt: null,
};

const renderBoard = (role: 'admin' | 'mentor') =>
  render(
    <Provider store={createStore()}>
      <GrievancesBoard role={role} />
    </Provider>,
  );

describe('grievances in English and Hindi', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /grievances/admin': [grievance],
      'GET /grievances/mentor': [grievance],
      'GET /grievances/g1': grievance,
      'GET /grievances/g1/timeline': [
        {
          _id: 'e1',
          kind: 'filed',
          actorRole: 'mentee',
          actorName: 'Asha Singh',
          detail: '',
          createdAt: grievance.createdAt,
        },
      ],
      'GET /grievances/g1/comments': [],
    });
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('keeps the English words: In Review for mentors, the type and category', async () => {
    renderBoard('mentor');
    const card = await screen.findByTestId('grievance-card');
    expect(within(card).getByText('In Review')).toBeInTheDocument();
    expect(within(card).getByText('Technical issues')).toBeInTheDocument();
    expect(within(card).getByText('Facilities')).toBeInTheDocument();
    expect(within(card).getByText('Submitted 21 Nov 2026')).toBeInTheDocument();
  });

  it('shows the board, its details and the timeline in Hindi', async () => {
    await act(() => switchLanguage('hi'));
    renderBoard('admin');
    const card = await screen.findByTestId('grievance-card');
    expect(within(card).getByText('प्रगति में')).toBeInTheDocument();
    expect(within(card).getByText('सुविधाएँ')).toBeInTheDocument();
    expect(within(card).getByText('21 नव. 2026 को जमा की गई')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'सभी' })).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'विवरण देखें' }));
    expect(await screen.findByText('उच्च')).toBeInTheDocument();
    expect(await screen.findByText('Asha Singh (छात्र) ने शिकायत दर्ज की')).toBeInTheDocument();
    expect(screen.getByText('अभी कोई टिप्पणी नहीं')).toBeInTheDocument();
  });

  it('writes what the server stored in English in Hindi: a preset resolution, a withheld name, timeline details', async () => {
    const resolved: GrievanceResponse = {
      ...grievance,
      menteeId: null,
      name: 'Name withheld',
      rollNo: '',
      nameWithheld: true,
      status: 'resolved',
      resolution: 'Escalated to higher authorities',
      resolvedAt: '2026-11-24T09:30:00Z',
    };
    const line = (id: string, kind: string, detail: string, actorRole: string | null = 'admin') => ({
      _id: id,
      kind,
      actorRole,
      actorName: null,
      detail,
      createdAt: grievance.createdAt,
    });
    mockApi({
      'GET /grievances/admin': [resolved],
      'GET /grievances/g1': resolved,
      'GET /grievances/g1/timeline': [
        line('e1', 'filed', 'Sent to administrators only', 'mentee'),
        line('e2', 'status', 'pending → in-progress'),
        line('e3', 'priority', 'medium → urgent'),
        line('e4', 'escalated', 'Past its deadline (urgent priority)', null),
        line('e5', 'reopened', 'Still broken', 'mentee'),
      ],
      'GET /grievances/g1/comments': [
        {
          _id: 'c1',
          content: 'Any news?',
          author: { _id: '', fullName: 'Name withheld', role: 'mentee' },
          createdAt: grievance.createdAt,
        },
      ],
    });
    await act(() => switchLanguage('hi'));
    renderBoard('admin');
    const card = await screen.findByTestId('grievance-card');
    expect(within(card).getByText('नाम छिपाया गया')).toBeInTheDocument();
    expect(card).toHaveTextContent('उच्च अधिकारियों को आगे भेजा गया');
    expect(card).not.toHaveTextContent('Escalated to higher authorities');
    fireEvent.click(within(card).getByRole('button', { name: 'विवरण देखें' }));
    const lines = await screen.findAllByTestId('timeline-line');
    expect(lines.map((l) => l.firstChild?.textContent)).toEqual([
      'छात्र ने शिकायत दर्ज की: केवल व्यवस्थापकों को भेजी गई',
      // Without a signed-in admin on this page, the middle state reads as the mentor and student screens name it.
      'एक व्यवस्थापक ने स्थिति बदली: लंबित → समीक्षा में',
      'एक व्यवस्थापक ने प्राथमिकता बदली: मध्यम → अति आवश्यक',
      'सभी व्यवस्थापकों को आगे भेजी गई: समय-सीमा बीत गई (अति आवश्यक प्राथमिकता)',
      'छात्र ने इसे फिर से खोला: Still broken',
    ]);
    expect(await screen.findByText('Any news?')).toBeInTheDocument();
    expect(screen.queryByText('Name withheld')).not.toBeInTheDocument();
  });
});
