import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { GroupResponse, MenteeFollowUp } from '@portal/contracts';
import { LogFollowUpDialog, MenteeFollowUpView } from '@portal/people';
import { createStore, switchLanguage, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { GroupsPage } from './groups/GroupsPage';

const wrap = (ui: React.ReactElement) =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );

const group: GroupResponse = {
  _id: 'g2',
  name: 'Chess Club',
  description: '',
  color: '#3B82F6',
  mentorId: { _id: 'mentor1', fullName: 'Dr. Carter', department: 'Science' },
  menteeIds: ['m1', 'm2'],
  mentees: [
    { _id: 'm1', fullName: 'Asha Rao', studentId: 'STU-1', class: '10', section: 'A' },
    { _id: 'm2', fullName: 'Vihaan Mehta', studentId: 'STU-2', class: '10', section: 'A' },
  ],
  averageAttendance: 90,
  archivedAt: '2026-02-01T10:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the mentor screens in Hindi', () => {
  beforeEach(async () => {
    await act(() => switchLanguage('hi'));
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('groups: the archived cards in Hindi, with the date in the Hindi format and the members counted', async () => {
    mockApi({ 'GET /groups': [], 'GET /groups/archived': [group] });
    wrap(<GroupsPage />);
    expect(screen.getByRole('heading', { name: 'समूह' })).toBeInTheDocument();
    expect(await screen.findByText('कोई समूह नहीं मिला')).toBeInTheDocument();
    fireEvent.click(screen.getByText('संग्रहित'));
    const card = await screen.findByTestId('archived-group-card');
    expect(within(card).getByText('2 सदस्य · 1 फ़र. 2026 को संग्रहित')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /वापस लाएँ/ })).toBeInTheDocument();
  });

  it("follow-up (people): the log dialog and a student's record in Hindi", async () => {
    mockApi({});
    wrap(<LogFollowUpDialog student={{ menteeId: 'm1', fullName: 'Vihaan Mehta' }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'फ़ॉलो-अप दर्ज करें: Vihaan Mehta' });
    expect(within(dialog).getByRole('button', { name: 'सहेजें' })).toBeInTheDocument();
    expect(within(dialog).getByText('आमने-सामने')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'सहेजें' }));
    expect(await within(dialog).findByText('कृपया एक छोटा सारांश लिखें')).toBeInTheDocument();
  });

  it("follow-up (people): signals, outcomes and dismissals of a student's record", () => {
    const data: MenteeFollowUp = {
      menteeId: 'm1',
      lastContactDate: null,
      signals: [],
      log: [],
      outcomes: [
        {
          entryId: 'e1',
          menteeId: 'm1',
          fullName: 'Asha Rao',
          studentId: 'STU-1',
          mentorId: 'mentor1',
          mentorName: 'Dr. Carter',
          date: '2031-03-02',
          mode: 'call',
          before: { percentage: 62.5, markedDays: 8, schoolDays: 10 },
          after: { percentage: null, markedDays: 0, schoolDays: 3 },
        },
      ],
      dismissals: [
        {
          _id: 'd1',
          kinds: ['lowAttendance'],
          reason: 'Ill, known to school',
          by: null,
          createdAt: '2031-03-01T10:00:00.000Z',
        },
      ],
    };
    mockApi({});
    wrap(<MenteeFollowUpView data={data} />);
    expect(screen.getByText('कोई खुला संकेत नहीं।')).toBeInTheDocument();
    expect(screen.getByText('अभी तक कोई बैठक दर्ज नहीं')).toBeInTheDocument();
    expect(screen.getByText('फ़ोन कॉल')).toBeInTheDocument();
    expect(screen.getByText('62.5% (10 स्कूल के दिनों में से 8 दर्ज)')).toBeInTheDocument();
    expect(screen.getByText('कोई दिन दर्ज नहीं (3 स्कूल के दिन)')).toBeInTheDocument();
    expect(screen.getByText('1 मार्च 2031: कम उपस्थिति। कारण: Ill, known to school')).toBeInTheDocument();
  });
});
