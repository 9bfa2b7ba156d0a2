import { act, screen, within } from '@testing-library/react';
import { AUDIT_ACTIONS, IMPORT_COLUMNS, IMPORT_KINDS, MAIL_KINDS, MAIL_STATUSES } from '@portal/contracts';
import { i18n, switchLanguage } from '@portal/web-core';
import { AdminDashboard } from '../dashboard/AdminDashboard';
import { ImportPage } from '../imports/ImportPage';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import '../audit/i18n';
import '../mail/i18n';
import imports from './en/imports.json';

const stats = {
  totalUsers: 10,
  activeUsers: 8,
  totalMentors: 2,
  totalMentees: 7,
  totalGroups: 1,
  pendingLeaves: 0,
  pendingGrievances: 0,
  escalatedGrievances: 0,
  pendingApprovals: 2,
};

describe('the admin screens in Hindi', () => {
  beforeEach(async () => {
    await act(() => switchLanguage('hi'));
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('shows the dashboard in Hindi, its dates in the Hindi format', async () => {
    mockApi({
      'GET /admin/dashboard': {
        stats,
        recentUsers: [
          {
            _id: 'u1',
            fullName: 'Asha Rao',
            email: 'asha@example.edu',
            role: 'mentee',
            createdAt: '2026-11-24T10:00:00Z',
          },
        ],
        recentLeaves: [],
      },
    });
    renderWithPortal(<AdminDashboard />);
    expect(await screen.findByText('कुल उपयोगकर्ता')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /व्यवस्थापक डैशबोर्ड/ })).toBeInTheDocument();
    expect(screen.getByText('लंबित स्वीकृतियाँ: 2 मेंटर पंजीकरण आपके निर्णय की प्रतीक्षा में हैं')).toBeInTheDocument();
    // "Nov 24, 2026" in English; the day first and the month's Hindi name in Hindi.
    expect(screen.getByText('asha@example.edu · 24 नव. 2026 को जुड़े')).toBeInTheDocument();
    // The role tag, beside the "Mentees" card's title.
    expect(screen.getAllByText('छात्र')).toHaveLength(2);
    expect(screen.queryByText('Total Users')).not.toBeInTheDocument();
  });

  it("shows the CSV columns' notes in Hindi, keyed by column name", async () => {
    renderWithPortal(<ImportPage />);
    const notes = await screen.findByTestId('import-column-notes');
    expect(within(notes).getByText(/साइन इन ई-मेल; मौजूदा छात्र अपडेट किया जाता है/)).toBeInTheDocument();
    expect(within(notes).getByText(/किसी सक्रिय मेंटर की कर्मचारी आईडी/)).toBeInTheDocument();
    expect(within(notes).queryByText(/Sign-in e-mail/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /छात्रों का टेम्पलेट डाउनलोड करें/ })).toBeInTheDocument();
  });
});

describe('the admin catalogue', () => {
  it("holds every CSV column's note word for word as the shared contract writes it (the template's English)", () => {
    const notes = imports.notes as Record<string, Record<string, string>>;
    for (const kind of IMPORT_KINDS) {
      const contract = Object.fromEntries(IMPORT_COLUMNS[kind].map((c) => [c.name, c.description]));
      // Also: no note left for a column the contract dropped.
      expect(notes[kind]).toEqual(contract);
    }
  });

  it('names every audit action, mail kind and mail status', () => {
    const missing = [
      ...AUDIT_ACTIONS.map((a) => `audit.actions.${a}`),
      ...MAIL_KINDS.map((k) => `mail.kinds.${k}`),
      ...MAIL_STATUSES.map((s) => `mail.statuses.${s}`),
    ].filter((key) => !i18n.exists(key, { ns: 'admin', lng: 'en' }));
    expect(missing).toEqual([]);
  });
});
