import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GuardianConsentOverview, GuardianConsentState } from '@portal/contracts';
import { mockApi } from '@portal/web-core/testing';
import { asha, attendanceOf, jordan, renderGuardianArea } from '../testing/renderGuardianArea';

const NOTICE = {
  version: 2,
  text: 'We keep attendance so that mentors can help.',
  publishedAt: '2026-03-01T09:00:00.000Z',
};
const state = (child: typeof jordan, over: Partial<GuardianConsentState> = {}): GuardianConsentState => ({
  childId: child._id,
  childName: child.fullName,
  decision: null,
  noticeVersion: null,
  decidedAt: null,
  current: false,
  ...over,
});

describe("a guardian's consent", () => {
  beforeEach(() => sessionStorage.clear());

  it('is asked at the first visit, per child, and cannot be sent unanswered; the answers go with the version read', async () => {
    let overview: GuardianConsentOverview = {
      notice: NOTICE,
      children: [state(asha), state(jordan, { decision: 'given', noticeVersion: 2, current: true })],
    };
    const calls = mockApi({
      'GET /guardian/children': [jordan, asha],
      'GET /guardian/children/:id/attendance': attendanceOf(asha),
      'GET /guardian/consent': () => overview,
      'PUT /guardian/children/:id/consent': (_u: URL, body: { decision: 'given' }) => {
        overview = { ...overview, children: [state(asha, { ...body, current: true }), overview.children[1]] };
        return overview.children[0];
      },
    });
    renderGuardianArea('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Privacy notice' });
    expect(within(dialog).getByTestId('privacy-notice')).toHaveTextContent(NOTICE.text);
    // Only the child not yet answered for this version is asked about; there is no way out but answering.
    expect(within(dialog).queryByText('Your consent for Jordan Rivera')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /close|cancel/i })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save my answers' }));
    expect(await within(dialog).findByText('Choose an answer')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'I do not consent' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save my answers' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          path: `/guardian/children/${asha._id}/consent`,
          body: { decision: 'refused', noticeVersion: 2 },
        },
      ]),
    );
    expect(await screen.findByText('Thank you: your answers are saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Privacy notice' })).not.toBeInTheDocument());
    // Refusing keeps the child in view.
    expect(await screen.findByTestId('card-today')).toBeInTheDocument();
  });

  it('the Profile page withdraws consent for one child after confirming, and gives it again in one action', async () => {
    let children = [
      state(jordan, { decision: 'given', noticeVersion: 2, decidedAt: '2026-03-02T09:00:00.000Z', current: true }),
    ];
    const calls = mockApi({
      'GET /guardian/consent': () => ({ notice: NOTICE, children }),
      'PUT /guardian/children/:id/consent': (_u: URL, body: { decision: 'given' | 'refused' }) => {
        children = [
          state(jordan, {
            decision: body.decision === 'refused' ? 'withdrawn' : 'given',
            noticeVersion: 2,
            decidedAt: '2026-03-03T09:00:00.000Z',
            current: true,
          }),
        ];
        return children[0];
      },
    });
    renderGuardianArea('/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const row = await screen.findByTestId('child-consent');
    expect(row).toHaveTextContent('Consent given');
    fireEvent.click(within(row).getByRole('button', { name: 'Withdraw consent' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Withdraw your consent for Jordan Rivera?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Withdraw consent' }));
    expect(await screen.findByText('Consent withdrawn.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'refused', noticeVersion: 2 });
    await waitFor(() => expect(screen.getByTestId('child-consent')).toHaveTextContent('Consent withdrawn'));
    fireEvent.click(within(screen.getByTestId('child-consent')).getByRole('button', { name: 'Give consent' }));
    await waitFor(() => expect(screen.getByTestId('child-consent')).toHaveTextContent('Consent given'));
  });

  it("the Profile page saves the guardian's phone", async () => {
    const calls = mockApi({
      'GET /guardian/consent': { notice: NOTICE, children: [] },
      'PATCH /auth/me': (_u: URL, body: { phone: string }) => ({
        user: {
          _id: 'g1',
          email: 'guardian@example.edu',
          fullName: 'Maria Rivera',
          phone: body.phone,
          role: 'guardian',
        },
        profile: null,
        language: 'en',
      }),
    });
    renderGuardianArea('/profile');
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveValue('555-0199');
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    fireEvent.change(phone, { target: { value: ' +91 98765 43210 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/auth/me', body: { phone: '+91 98765 43210' } },
    ]);
  });
});
