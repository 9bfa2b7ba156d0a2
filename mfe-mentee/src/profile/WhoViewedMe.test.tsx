import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { DisclosureEntry, DisclosurePage } from '@portal/contracts';
import { createStore, DEFAULT_SCHOOL_TIME_ZONE, setSchoolTimeZone, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { WhoViewedMe } from './WhoViewedMe';

const entry = (over: Partial<DisclosureEntry>): DisclosureEntry => ({
  _id: 'd1',
  viewer: { _id: 't1', fullName: 'Dr. Helen Carter', role: 'mentor' },
  record: 'profile',
  recordId: null,
  fields: ['medicalConditions', 'address'],
  students: 1,
  createdAt: '2026-11-20T04:30:00.000Z',
  ...over,
});

const page = (entries: DisclosureEntry[], total = entries.length): DisclosurePage => ({ entries, total, page: 1 });

const renderCard = () =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>
          <WhoViewedMe />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );

describe('who viewed my record', () => {
  afterEach(() => act(() => setSchoolTimeZone(DEFAULT_SCHOOL_TIME_ZONE)));

  it('lists each view: who, as what, when on the school clock, and what in words', async () => {
    setSchoolTimeZone('Asia/Kolkata');
    const calls = mockApi({
      'GET /disclosures/mine': page([
        entry({}),
        entry({
          _id: 'd2',
          viewer: { _id: 'a1', fullName: 'Alex Morgan', role: 'admin' },
          record: 'grievance',
          fields: ['details'],
        }),
        entry({ _id: 'd3', fields: ['parentInfo'], students: 12 }),
      ]),
    });
    renderCard();
    const list = await screen.findByRole('list', { name: 'Views, newest first' });
    const [first, second, third] = within(list).getAllByTestId('disclosure');
    expect(first).toHaveTextContent('Dr. Helen Carter');
    expect(first).toHaveTextContent('Mentor');
    // 04:30 UTC is 10:00 in the school's zone.
    expect(first).toHaveTextContent('20 Nov 2026, 10:00');
    expect(first).toHaveTextContent('Viewed: medical conditions, address');
    expect(second).toHaveTextContent('Alex Morgan');
    expect(second).toHaveTextContent('Admin');
    expect(second).toHaveTextContent("Viewed a grievance's details");
    expect(third).toHaveTextContent('Viewed: parent contacts in a list of 12 students');
    expect(screen.getByText('3 views')).toBeInTheDocument();
    expect(calls.map((c) => `${c.path}${c.url.search}`)).toEqual(['/disclosures/mine?page=1']);
  });

  it('says when no one has looked', async () => {
    mockApi({ 'GET /disclosures/mine': page([]) });
    renderCard();
    expect(await screen.findByText('No staff member has viewed your record yet.')).toBeInTheDocument();
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /disclosures/mine': () =>
        fail ? [403, { statusCode: 403, code: 'FORBIDDEN', message: 'Not allowed' }] : page([entry({})]),
    });
    renderCard();
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Dr. Helen Carter')).toBeInTheDocument();
  });
});
