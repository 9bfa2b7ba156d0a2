import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { MenteeProfile, UserResponse } from '@portal/contracts';
import { createStore, sessionActions, setSchoolClock, setSchoolTimeZone, ThemeProvider } from '@portal/web-core';
import { mockApi, typeDate } from '@portal/web-core/testing';
import { SubmitGrievanceDialog } from './GrievancesPage';

const user: UserResponse = {
  _id: 'u1',
  email: 'asha@example.edu',
  fullName: 'Asha Rao',
  phone: '555-0101',
  role: 'mentee',
  isActive: true,
  pendingApproval: false,
  safeguardingLead: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastLogin: null,
};
const profile = {
  _id: 'p1',
  fullName: 'Asha Rao',
  phone: '555-0101',
  studentId: 'STU-0042',
  class: '10',
  section: 'A',
  academicYear: '2025-2026',
  dateOfBirth: null,
  address: '',
  bloodGroup: null,
  medicalConditions: '',
  hobbies: [],
  mentorId: null,
  parentInfo: {},
  attendance: { totalDays: 0, presentDays: 0, percentage: 0 },
  attendanceHistory: [],
} as unknown as MenteeProfile;

/** The dialog, open, for a signed-in student with this profile. */
function renderDialog({ withProfile = profile, onClose = () => undefined } = {}) {
  const store = createStore();
  store.dispatch(sessionActions.profileLoaded({ user, profile: withProfile, language: 'en' }));
  return render(
    <Provider store={store}>
      <ThemeProvider>
        <MemoryRouter>
          <SubmitGrievanceDialog open onClose={onClose} />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

describe('Submit Grievance dialog', () => {
  afterEach(() => {
    setSchoolClock();
    setSchoolTimeZone('UTC');
  });

  it('asks one question and takes name, e-mail and roll number from the account without asking for them', async () => {
    const calls = mockApi({});
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('filed-as')).toHaveTextContent('Filed as Asha Rao (STU-0042)');
    for (const label of ['Name', 'Email/Roll No/ID', 'Roll number', 'Grievance type', 'Category'])
      expect(within(dialog).queryByLabelText(label)).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Choose what it is about')).toBeInTheDocument();
    expect(await within(dialog).findByText('Subject is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Date of incident is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();

    // Withholding the name: the line says so instead of naming the student.
    fireEvent.click(within(dialog).getByLabelText('Withhold my name from the handler'));
    await waitFor(() => expect(within(dialog).getByTestId('filed-as')).not.toHaveTextContent('Asha Rao'));
    expect(calls).toEqual([]);
  });

  it('asks for the roll number only when the profile has none', async () => {
    const calls = mockApi({});
    renderDialog({ withProfile: { ...profile, studentId: '' } as MenteeProfile });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Roll number')).toHaveValue('');
    expect(within(dialog).queryByLabelText('Name')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Roll number is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("does not take a date of incident in the future, by the school's day (not the browser's)", async () => {
    // 20:00 UTC on 10 March (this test's browser is in UTC): already 11 March at a school in Kolkata.
    setSchoolClock(Date.parse('2026-03-10T20:00:00Z'));
    setSchoolTimeZone('Asia/Kolkata');
    const calls = mockApi({});
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Date of incident');
    typeDate(input, '2026-03-12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Date of incident is required')).toBeInTheDocument();
    // The school's today, though the browser's is still the 10th.
    typeDate(input, '2026-03-11');
    await waitFor(() => expect(within(dialog).queryByText('Date of incident is required')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it('sends the form with the date as YYYY-MM-DD', async () => {
    const calls = mockApi({ 'POST /grievances': [201, { _id: 'g1' }] });
    const onClose = jest.fn();
    renderDialog({ onClose });
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Lab access' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('What is it about?'));
    fireEvent.click(await screen.findByTitle('Buildings, equipment or this portal'));
    const day = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    typeDate(within(dialog).getByLabelText('Date of incident'), day);
    fireEvent.change(within(dialog).getByLabelText('Description'), {
      target: { value: 'The lab door badge reader rejects my card.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.body)).toEqual([
      {
        name: 'Asha Rao',
        email: 'asha@example.edu',
        rollNo: 'STU-0042',
        subject: 'Lab access',
        grievanceType: 'technical-issues',
        category: 'facilities',
        dateOfIncident: day,
        description: 'The lab door badge reader rejects my card.',
        aboutMentor: false,
        withholdName: false,
      },
    ]);
  });

  it.each([
    ['Harassment or bullying', 'misconduct-complaint', 'harassment', true],
    ["Someone's behaviour or misconduct", 'misconduct-complaint', 'disciplinary', true],
    ['Classes, teaching or exams', 'communication-support', 'academic', false],
  ])(
    'files "%s" as type %s, category %s, saying before sending whether it is confidential (%s)',
    async (topic, grievanceType, category, confidential) => {
      const calls = mockApi({ 'POST /grievances': [201, { _id: 'g1' }] });
      renderDialog();
      const dialog = await screen.findByRole('dialog');
      fireEvent.mouseDown(within(dialog).getByLabelText('What is it about?'));
      fireEvent.click(await screen.findByTitle(topic));
      if (confidential) {
        expect(await within(dialog).findByTestId('confidential-notice')).toBeInTheDocument();
        expect(within(dialog).getByText('This is handled with high priority.')).toBeInTheDocument();
      } else {
        await waitFor(() => expect(within(dialog).getByTitle(topic)).toBeInTheDocument());
        expect(within(dialog).queryByTestId('confidential-notice')).not.toBeInTheDocument();
      }
      fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Name-calling in class' } });
      typeDate(within(dialog).getByLabelText('Date of incident'), dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
      fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'It happens every day.' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0].body).toMatchObject({ grievanceType, category, name: 'Asha Rao', rollNo: 'STU-0042' });
    },
  );

  it('says before sending that a grievance about the mentor goes to administrators only, and can withhold the name', async () => {
    const calls = mockApi({ 'POST /grievances': [201, { _id: 'g1', ticketNumber: 'GRV-2026-000001' }] });
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('What is it about?'));
    fireEvent.click(await screen.findByTitle('Buildings, equipment or this portal'));
    expect(within(dialog).queryByTestId('confidential-notice')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('This is about my mentor'));
    expect(await within(dialog).findByText('Confidential: this goes to administrators only')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Withhold my name from the handler'));
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Unfair marking' } });
    typeDate(within(dialog).getByLabelText('Date of incident'), dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Details.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ aboutMentor: true, withholdName: true });
  });
});
