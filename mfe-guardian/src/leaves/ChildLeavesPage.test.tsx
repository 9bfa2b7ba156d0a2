import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeaveResponse } from '@portal/contracts';
import { setSchoolClock } from '@portal/web-core';
import { mockApi, typeDate, schoolCalendar } from '@portal/web-core/testing';
import { CHOSEN_CHILD_KEY } from '../children/useChosenChild';
import { asha, guardian, jordan, renderGuardianArea } from '../testing/renderGuardianArea';

const CALENDAR = schoolCalendar('2026-03-10');

const leave = (over: Partial<LeaveResponse>): LeaveResponse => ({
  _id: 'l1',
  menteeId: { _id: jordan._id, fullName: jordan.fullName, studentId: jordan.studentId },
  mentorId: { _id: 't1', fullName: 'Dr. Helen Carter' },
  leaveType: 'sick',
  startDate: '2026-03-12',
  endDate: '2026-03-13',
  daysCount: 2,
  schoolDays: 2,
  reason: 'Fever',
  status: 'pending',
  approvedBy: null,
  filedBy: { _id: guardian._id, fullName: guardian.fullName },
  document: null,
  decidedAt: null,
  mentorComments: '',
  cancelledAt: null,
  createdAt: '2026-03-10T08:00:00.000Z',
  updatedAt: '2026-03-10T08:00:00.000Z',
  ...over,
});

describe("a guardian's Leaves page", () => {
  beforeEach(() => {
    sessionStorage.clear();
    setSchoolClock(Date.parse('2026-03-10T06:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    setSchoolClock();
  });

  it("lists the chosen child's leaves, says who filed them, and offers Cancel only on the guardian's own pending one", async () => {
    mockApi({
      'GET /guardian/children': [jordan, asha],
      'GET /guardian/children/:id/leaves': (_u: URL, _b: unknown, params: Record<string, string>) =>
        params.id === jordan._id
          ? [
              leave({ _id: 'mine' }),
              leave({
                _id: 'theirs',
                filedBy: null,
                reason: 'Trip',
                leaveType: 'casual',
                startDate: '2026-03-20',
                endDate: '2026-03-20',
              }),
            ]
          : [],
    });
    sessionStorage.setItem(CHOSEN_CHILD_KEY, jordan._id); // Jordan chosen on another page
    renderGuardianArea('/leaves');
    expect(screen.getByRole('heading', { level: 1, name: 'Leave Requests' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('leave-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Filed by guardian')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Maria Rivera')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    // The student's own request: not the guardian's to cancel.
    expect(within(cards[1]).queryByText('Filed by guardian')).not.toBeInTheDocument();
    expect(within(cards[1]).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  for (const note of [false, true])
    it(
      note
        ? "files with a doctor's note: the document goes first, then the leave naming it"
        : 'files a leave for the child the page shows, through the guardian route, and previews its effect on that child',
      async () => {
        const calls = mockApi({
          'GET /calendar': CALENDAR,
          'GET /guardian/children': [jordan, asha],
          'GET /guardian/children/:id/leaves': [],
          'GET /guardian/children/:id/leave-impact': {
            schoolDays: 2,
            before: 90,
            after: 85,
            eligibleBefore: true,
            eligibleAfter: true,
            excludingLeaveBefore: 92,
            excludingLeaveAfter: 92,
          },
          'POST /leaves/documents': { _id: 'doc1', fileName: 'note.pdf', mimeType: 'application/pdf', size: 9 },
          'POST /guardian/children/:id/leaves': (_u: URL, body: object) => leave({ ...body, _id: 'new' }),
        });
        renderGuardianArea('/leaves');
        // Asha comes first by name: the page opens on her.
        await screen.findByText('No leave requests');
        fireEvent.click(screen.getByRole('button', { name: 'Request Leave' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByRole('combobox', { name: 'Child' })).toBeInTheDocument();
        expect(within(dialog).getByTitle('Asha Rivera')).toBeInTheDocument();
        fireEvent.mouseDown(within(dialog).getByLabelText('Leave type'));
        fireEvent.click(await screen.findByTitle('Sick'));
        typeDate(within(dialog).getByLabelText('Start date'), '2026-03-12');
        typeDate(within(dialog).getByLabelText('End date'), '2026-03-13');
        expect(await within(dialog).findByTestId('leave-impact')).toHaveTextContent(
          "The student's attendance: 90% now, 85% with this leave",
        );
        fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Fever' } });
        if (note) {
          const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
          expect(input.accept).toBe('.pdf,.jpg,.jpeg,.png');
          const file = new File(['%PDF-1.4'], 'note.pdf', { type: 'application/pdf' });
          fireEvent.change(input, { target: { files: [file] } });
          expect(await within(dialog).findByText('note.pdf')).toBeInTheDocument();
        }
        fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
        const posts = () => calls.filter((c) => c.method === 'POST');
        await waitFor(() => expect(posts()).toHaveLength(note ? 2 : 1));
        const post = posts().at(-1)!;
        if (note) expect(posts()[0].path).toBe('/leaves/documents');
        expect(post.path).toBe(`/guardian/children/${asha._id}/leaves`);
        expect(post.body).toEqual({
          leaveType: 'sick',
          startDate: '2026-03-12',
          endDate: '2026-03-13',
          reason: 'Fever',
          ...(note ? { documentId: 'doc1' } : {}),
        });
        expect(calls.some((c) => c.path === `/guardian/children/${asha._id}/leave-impact`)).toBe(true);
        expect(
          await screen.findByText('Leave request for Asha Rivera submitted. Their mentor decides it.'),
        ).toBeInTheDocument();
      },
    );
});
