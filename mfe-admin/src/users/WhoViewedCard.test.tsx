import { fireEvent, screen, within } from '@testing-library/react';
import { PAGE_SIZE, type DisclosurePage } from '@portal/contracts';
import { NETWORK_ERROR } from '@portal/web-core/testing';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { WhoViewedCard } from './WhoViewedCard';

const page: DisclosurePage = {
  entries: [
    {
      _id: 'd1',
      viewer: { _id: 'a2', fullName: 'Priya Shah', role: 'admin' },
      record: 'kept-chat',
      recordId: 'k1',
      fields: ['messages'],
      students: 1,
      createdAt: '2026-11-21T05:00:00.000Z',
    },
    {
      _id: 'd2',
      viewer: { _id: 't1', fullName: 'Dr. Helen Carter', role: 'mentor' },
      record: 'followup',
      recordId: null,
      fields: ['signals', 'notes'],
      students: 1,
      createdAt: '2026-11-20T05:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
};

describe("who viewed a student's records, on the admin's student editor", () => {
  it("reads the student's log, safeguarding reads included, newest first", async () => {
    const calls = mockApi({ 'GET /admin/mentees/s1/disclosures': page });
    renderWithPortal(<WhoViewedCard studentId="s1" />);
    const card = await screen.findByTestId('who-viewed');
    expect(within(card).getByText("Who viewed this student's records")).toBeInTheDocument();
    const [first, second] = await within(card).findAllByTestId('disclosure');
    expect(first).toHaveTextContent('Priya Shah');
    expect(within(first).getByText('Admin')).toBeInTheDocument();
    expect(first).toHaveTextContent('Read a deleted chat (safeguarding)');
    expect(second).toHaveTextContent('Dr. Helen Carter');
    expect(within(second).getByText('Mentor')).toBeInTheDocument();
    expect(second).toHaveTextContent('Viewed follow-up notes and signals');
    expect(calls.map((c) => `${c.path}${c.url.search}`)).toEqual(['/admin/mentees/s1/disclosures?page=1']);
  });

  it('says when no one has viewed them', async () => {
    mockApi({ 'GET /admin/mentees/s1/disclosures': { entries: [], total: 0, page: 1 } });
    renderWithPortal(<WhoViewedCard studentId="s1" />);
    expect(await screen.findByText('No one has viewed these records yet.')).toBeInTheDocument();
  });

  it('names the fields viewed in words, and pages through a long log', async () => {
    const profile = (n: number) => ({
      ...page.entries[1],
      _id: `p${n}`,
      record: 'profile' as const,
      fields: ['medicalConditions', 'dateOfBirth', 'bloodGroup'],
    });
    const calls = mockApi({
      'GET /admin/mentees/s1/disclosures': (url: URL) => ({
        entries:
          url.searchParams.get('page') === '2' ? [{ ...profile(99), viewer: page.entries[0].viewer }] : [profile(1)],
        total: PAGE_SIZE + 1,
        page: Number(url.searchParams.get('page')),
      }),
    });
    renderWithPortal(<WhoViewedCard studentId="s1" />);
    const [first] = await screen.findAllByTestId('disclosure');
    expect(first).toHaveTextContent('Viewed: medical conditions, date of birth, blood group');
    expect(screen.getByText(`${PAGE_SIZE + 1} views`)).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('Next Page'));
    expect(await screen.findByText('Priya Shah')).toBeInTheDocument();
    expect(calls.map((c) => c.url.search)).toEqual(['?page=1', '?page=2']);
  });

  it('says when the log could not be loaded, and tries again', async () => {
    let fail = true;
    mockApi({ 'GET /admin/mentees/s1/disclosures': () => (fail ? NETWORK_ERROR : page) });
    renderWithPortal(<WhoViewedCard studentId="s1" />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByTestId('disclosure')).not.toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Priya Shah')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
