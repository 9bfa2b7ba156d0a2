import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANNOUNCEMENT_PAGE_SIZE, type AnnouncementResponse } from '@portal/contracts';
import { mockApi } from '@portal/web-core/testing';
import { asha, jordan, renderGuardianArea } from '../testing/renderGuardianArea';

const announcement = (i: number, over: Partial<AnnouncementResponse> = {}): AnnouncementResponse => ({
  _id: `a${i}`,
  title: `Notice ${i}`,
  content: 'For families',
  priority: 'medium',
  targetAudience: 'all',
  readers: 'guardians',
  targetGroup: null,
  targetClass: null,
  authorId: { _id: 'm1', email: 'helen@example.edu', fullName: 'Dr. Helen Carter', role: 'mentor' },
  createdAt: '2026-03-09T08:00:00Z',
  updatedAt: '2026-03-09T08:00:00Z',
  likes: [],
  commentCount: 0,
  ...over,
});

describe("a guardian's announcements", () => {
  it("lists the chosen child's, whom each went to, pages to older ones, and says when there are none", async () => {
    const firstPage = Array.from({ length: ANNOUNCEMENT_PAGE_SIZE }, (_, i) =>
      announcement(
        i,
        i === 0 ? { priority: 'urgent', targetAudience: 'class', targetClass: { class: '10', section: 'A' } } : {},
      ),
    );
    const calls = mockApi({
      'GET /guardian/children': [asha, jordan],
      'GET /guardian/children/:id/announcements': (url: URL) => {
        if (url.pathname.includes(asha._id)) return [];
        return url.searchParams.get('before') ? [announcement(99, { title: 'Term starts' })] : firstPage;
      },
    });
    renderGuardianArea('/announcements');
    // The first child by name is chosen: Asha has none.
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Child' }));
    fireEvent.click(await screen.findByTitle('Jordan Rivera'));
    const panel = await screen.findByRole('region', { name: "For Jordan Rivera's family" });
    const first = await within(panel).findByRole('article', { name: 'Notice 0' });
    expect(first).toHaveTextContent(/urgent/i);
    expect(first).toHaveTextContent('Class 10-A');
    expect(first).toHaveTextContent('Dr. Helen Carter');
    // Read only: nothing to like or comment.
    expect(within(panel).queryByRole('button', { name: /like|comment/i })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Show older announcements' }));
    expect(await within(panel).findByRole('article', { name: 'Term starts' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path.startsWith(`/guardian/children/${jordan._id}`)).map((c) => c.url.search),
      ).toEqual(['', `?before=a${ANNOUNCEMENT_PAGE_SIZE - 1}`]),
    );
    expect(within(panel).queryByRole('button', { name: 'Show older announcements' })).toBeNull();
  });
});
