import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ANNOUNCEMENT_PAGE_SIZE, type AnnouncementResponse } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { AnnouncementsPanel } from './AnnouncementsPanel';

const announcement = (i: number, over: Partial<AnnouncementResponse> = {}): AnnouncementResponse => ({
  _id: `a${i}`,
  title: `Notice ${i}`,
  content: 'Text',
  priority: 'medium',
  targetAudience: 'all',
  readers: 'students',
  targetGroup: null,
  targetClass: null,
  authorId: { _id: 'mentor1', email: 'm@example.edu', fullName: 'Dr. Carter', role: 'mentor' },
  createdAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
  likes: [],
  commentCount: 0,
  ...over,
});

function mockPages(all: AnnouncementResponse[]) {
  mockApi({
    'GET /announcements': (url: URL) => {
      const before = url.searchParams.get('before');
      const start = before ? all.findIndex((a) => a._id === before) + 1 : 0;
      return all.slice(start, start + Number(url.searchParams.get('limit')));
    },
  });
}

const renderPanel = () =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <AnnouncementsPanel />
      </ThemeProvider>
    </Provider>,
  );

describe("mentors' announcements panel", () => {
  it('counts in the singular and plural: "1 like · 1 comment", "2 likes · 0 comments"', async () => {
    mockPages([
      announcement(0, { likes: [{ userId: { _id: 'u1' } }], commentCount: 1 }),
      announcement(1, { likes: [{ userId: { _id: 'u1' } }, { userId: { _id: 'u2' } }] }),
    ]);
    renderPanel();
    expect(await screen.findByText(/· 1 like · 1 comment$/)).toBeInTheDocument();
    expect(screen.getByText(/· 2 likes · 0 comments$/)).toBeInTheDocument();
  });

  it("posts to one of the mentor's groups or their mentees' class, and names whom each went to", async () => {
    const posted: unknown[] = [];
    const list = [
      announcement(0, { targetAudience: 'group', targetGroup: { _id: 'g1', name: 'Science Club' } }),
      announcement(1, { targetAudience: 'class', targetClass: { class: '9', section: 'A' } }),
      announcement(2, { targetAudience: 'mentors' }),
    ];
    mockApi({
      'GET /announcements': list,
      'GET /messages/conversations': [
        { _id: 'g1', groupId: 'g1', type: 'group', displayName: 'Science Club', subtitle: '2 members' },
        { _id: 'individual_s1', otherUserId: 's1', type: 'individual', displayName: 'Asha Rao', subtitle: '' },
      ],
      'GET /mentors/mentees': [
        { _id: 's1', fullName: 'Asha Rao', class: '9', section: 'A' },
        { _id: 's2', fullName: 'Ravi Kumar', class: '9', section: 'B' },
      ],
      'POST /announcements': (_url: URL, body: unknown) => {
        posted.push(body);
        return [201, { ...list[0], _id: `new${posted.length}` }];
      },
    });
    renderPanel();
    expect(await screen.findByText(/^Dr\. Carter · Group: Science Club · /)).toBeInTheDocument();
    expect(screen.getByText(/^Dr\. Carter · Class 9-A · /)).toBeInTheDocument();
    expect(screen.getByText(/^Dr\. Carter · Mentors · /)).toBeInTheDocument();

    const compose = async (title: string, audience: string) => {
      fireEvent.change(screen.getByLabelText('Title'), { target: { value: title } });
      fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'Details' } });
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Target audience' }));
      fireEvent.click(await screen.findByTitle(audience));
      const before = posted.length;
      fireEvent.click(screen.getByRole('button', { name: 'Post Announcement' }));
      await waitFor(() => expect(posted).toHaveLength(before + 1));
      // Posted: the form starts afresh (what is chosen next is not reset by this post's answer arriving later).
      await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    };
    await compose('Kits', 'Group: Science Club');
    // The picker offers no group chat that is a person's, and each class once.
    expect(screen.queryByTitle('Group: Asha Rao')).not.toBeInTheDocument();
    // For the class's guardians too: the readers are chosen under the audience.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Readers' }));
    fireEvent.click(await screen.findByTitle('Students and guardians'));
    expect(
      screen.getByText('Guardians read it in the portal, for the students it is addressed to.'),
    ).toBeInTheDocument();
    await compose('Trip', 'Class 9-B');
    expect(posted).toEqual([
      {
        title: 'Kits',
        content: 'Details',
        priority: 'medium',
        targetAudience: 'group',
        groupId: 'g1',
        readers: 'students',
      },
      {
        title: 'Trip',
        content: 'Details',
        priority: 'medium',
        targetAudience: 'class',
        class: '9',
        section: 'B',
        readers: 'both',
      },
    ]);
  });

  it('the detail view has one Refresh', async () => {
    mockPages([announcement(0)]);
    renderPanel();
    fireEvent.click(await screen.findByText('Notice 0'));
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Refresh/ })).toHaveLength(1);
  });

  it('"View All Announcements" loads older pages until every announcement is listed', async () => {
    const all = Array.from({ length: ANNOUNCEMENT_PAGE_SIZE + 5 }, (_, i) => announcement(i));
    mockPages(all);
    renderPanel();
    // View History only opens once the first page is there (with none it says so instead).
    await screen.findByText('Notice 0');
    fireEvent.click(screen.getByRole('button', { name: /View History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'View All Announcements' });
    expect(within(dialog).queryByText(`Notice ${ANNOUNCEMENT_PAGE_SIZE}`)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more announcements' }));
    expect(await within(dialog).findByText(`Notice ${ANNOUNCEMENT_PAGE_SIZE + 4}`)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByText(`All ${ANNOUNCEMENT_PAGE_SIZE + 5} announcements shown`)).toBeInTheDocument(),
    );
  });
});
