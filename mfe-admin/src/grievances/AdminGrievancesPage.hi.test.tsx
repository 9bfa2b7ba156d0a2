import { act, screen, within } from '@testing-library/react';
import type { GrievanceResponse } from '@portal/contracts';
import { switchLanguage } from '@portal/web-core';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { AdminFollowUpPage } from '../followup/AdminFollowUpPage';
import { AdminGrievancesPage } from './AdminGrievancesPage';

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
  confidential: true,
  aboutMentor: false,
  nameWithheld: true,
  identityRevealedAt: null,
  deadlineAt: null,
  escalatedAt: '2030-03-12T00:00:00.000Z',
  confirmedAt: null,
  reopenedAt: null,
};

describe('admin screens in Hindi', () => {
  beforeEach(async () => {
    await act(() => switchLanguage('hi'));
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('grievances: headings, tags, counts and the date in Hindi', async () => {
    mockApi({ 'GET /grievances/admin': [grievance] });
    renderWithPortal(<AdminGrievancesPage />);
    expect(screen.getByRole('heading', { name: 'शिकायत प्रबंधन' })).toBeInTheDocument();
    const row = (await screen.findByText('Lab access')).closest('tr') as HTMLElement;
    expect(within(row).getByText('गोपनीय')).toBeInTheDocument();
    expect(within(row).getByText('आगे भेजी गई')).toBeInTheDocument();
    expect(within(row).getByText(/^2 मार्च 2030/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'पहचान बताएँ, GRV-2030-000001' })).toBeInTheDocument();
    expect(screen.getByText('1 शिकायत')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'छात्र' })).toBeInTheDocument();
  });

  it('follow-up: the waiting per class and the outcomes in Hindi', async () => {
    mockApi({
      'GET /admin/followup/overview': {
        mentors: [],
        classes: [{ class: '10', section: 'A', waiting: 3 }],
        adminQueue: [],
      },
      'GET /admin/followup/outcomes': [
        {
          entryId: 'e1',
          menteeId: 'm1',
          fullName: 'Asha Rao',
          studentId: 'STU-1',
          mentorId: 'u1',
          mentorName: 'Dr. Carter',
          date: '2031-03-02',
          mode: 'guardianMessage',
          before: { percentage: 87.5, markedDays: 8, schoolDays: 10 },
          after: { percentage: null, markedDays: 0, schoolDays: 2 },
        },
      ],
      'GET /admin/followup/settings': {
        consecutiveAbsences: 3,
        lowAttendancePercent: 75,
        attendanceDropPoints: 10,
        attendanceWindowSchoolDays: 20,
        leaveRequests: 3,
        leaveWindowDays: 30,
        grievanceOpenDays: 7,
        noContactDays: 30,
      },
    });
    renderWithPortal(<AdminFollowUpPage />);
    expect(screen.getByRole('heading', { name: 'फ़ॉलो-अप' })).toBeInTheDocument();
    expect(await screen.findByText('कोई प्रतीक्षा में नहीं')).toBeInTheDocument();
    expect(screen.getAllByText((_, el) => el?.textContent === 'कक्षा 10-A: 3').length).toBeGreaterThan(0);
    expect(await screen.findByText('87.5% (10 में से 8 दिन)')).toBeInTheDocument();
    expect(screen.getByText('87.5% (10 में से 8 दिन)')).toBeInTheDocument();
    expect(screen.getByText('— (2 में से 0 दिन)')).toBeInTheDocument();
    expect(await screen.findByLabelText('लगातार बिना कारण अनुपस्थिति')).toHaveValue('3');
  });
});
