import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SCHOOL_TIME_ZONE, setSchoolTimeZone } from '@portal/web-core';
import type { KeptChatDetail, KeptChatSummary } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { ReadKeptChatDialog } from './ReadKeptChatDialog';

const chat: KeptChatSummary = {
  _id: 'k1',
  conversationType: 'individual',
  scope: 'conversation',
  label: 'Chat between Dr. Helen Carter and Jordan Rivera',
  participants: [
    { _id: 't1', fullName: 'Dr. Helen Carter', role: 'mentor' },
    { _id: 's1', fullName: 'Jordan Rivera', role: 'mentee' },
  ],
  messageCount: 2,
  deletedBy: { _id: 't1', fullName: 'Dr. Helen Carter', role: 'mentor' },
  deletedAt: '2026-11-20T05:00:00.000Z',
  purgeAt: '2027-11-20T05:00:00.000Z',
};
const detail: KeptChatDetail = {
  chat,
  messages: [
    {
      _id: 'm1',
      sender: { _id: 't1', fullName: 'Dr. Helen Carter', role: 'mentor' },
      content: 'Please bring the form tomorrow.',
      createdAt: '2026-11-19T04:30:00.000Z',
      attachment: { fileName: 'consent-form.pdf', kind: 'document' },
    },
    {
      _id: 'm2',
      sender: { _id: null, fullName: 'Former user', role: 'mentee' },
      content: 'OK',
      createdAt: '2026-11-19T04:35:00.000Z',
      attachment: null,
    },
  ],
};

const REASON = 'Why do you need to read this chat?';

function open(onClose = jest.fn(), onGone = jest.fn()) {
  renderWithPortal(<ReadKeptChatDialog chat={chat} onClose={onClose} onGone={onGone} />);
  return { dialog: screen.getByRole('dialog'), onClose, onGone };
}

describe('reading a kept chat', () => {
  afterEach(() => act(() => setSchoolTimeZone(DEFAULT_SCHOOL_TIME_ZONE)));

  it('asks why first: empty, blank and too short reasons are refused before anything is sent', async () => {
    const calls = mockApi({ 'POST /safeguarding/kept-chats/k1/read': detail });
    const { dialog } = open();
    expect(within(dialog).getByText('Your reading and this reason are recorded in the audit log.')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText(REASON);
    const read = within(dialog).getByRole('button', { name: 'Read chat' });

    fireEvent.click(read);
    expect(await within(dialog).findByText('Please say why you need to read this chat')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: '     ' } });
    expect(await within(dialog).findByText('Please say why you need to read this chat')).toBeInTheDocument();
    // Nine characters once trimmed, as the server counts them.
    fireEvent.change(reason, { target: { value: '  Concern!  ' } });
    expect(await within(dialog).findByText('Write at least 10 characters')).toBeInTheDocument();
    fireEvent.click(read);
    await waitFor(() => expect(within(dialog).getByText('Write at least 10 characters')).toBeInTheDocument());
    expect(calls).toEqual([]);
    // At most 500: the box takes no more.
    expect(reason).toHaveAttribute('maxlength', '500');
  });

  it('sends the trimmed reason, then shows the messages read-only, times on the school clock', async () => {
    setSchoolTimeZone('Asia/Kolkata');
    const calls = mockApi({ 'POST /safeguarding/kept-chats/k1/read': detail });
    const { dialog } = open();
    fireEvent.change(within(dialog).getByLabelText(REASON), {
      target: { value: '  A parent reported bullying in this chat.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read chat' }));

    const messages = await within(dialog).findByRole('list', { name: 'Messages' });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/safeguarding/kept-chats/k1/read',
        body: { reason: 'A parent reported bullying in this chat.' },
      },
    ]);
    expect(messages).toHaveFocus();
    const [first, second] = within(messages).getAllByTestId('kept-message');
    expect(within(first).getByText('Dr. Helen Carter')).toBeInTheDocument();
    expect(within(first).getByText('Mentor')).toBeInTheDocument();
    // 04:30 UTC is 10:00 in the school's zone.
    expect(within(first).getByText('19 Nov 2026, 10:00')).toBeInTheDocument();
    expect(within(first).getByText('Please bring the form tomorrow.')).toBeInTheDocument();
    expect(within(first).getByText(/Attachment: consent-form\.pdf/)).toBeInTheDocument();
    expect(within(second).getByText('Former user')).toBeInTheDocument();
    expect(within(second).getByText('Student')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(REASON)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Read chat' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Close')).toBeInTheDocument();
  });

  it("downloads a kept file through the lead's own route (a file without an id shows its name only)", async () => {
    URL.createObjectURL = jest.fn(() => 'blob:kept');
    URL.revokeObjectURL = jest.fn();
    const withFile: KeptChatDetail = {
      ...detail,
      messages: [
        { ...detail.messages[0], attachment: { fileName: 'photo.png', kind: 'image', _id: 'f1' } },
        detail.messages[1],
      ],
    };
    const calls = mockApi({
      'POST /safeguarding/kept-chats/k1/read': withFile,
      'GET /safeguarding/kept-chats/k1/attachments/f1': 'png-bytes',
    });
    const { dialog } = open();
    fireEvent.change(within(dialog).getByLabelText(REASON), { target: { value: 'A parent asked about a photo.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read chat' }));
    const file = await within(dialog).findByRole('button', {
      name: 'Download photo.png (recorded in the audit log)',
    });
    fireEvent.click(file);
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /safeguarding/kept-chats/k1/attachments/f1'),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('a chat purged meanwhile says so, closes and reloads the list', async () => {
    mockApi({
      'POST /safeguarding/kept-chats/k1/read': [
        404,
        { statusCode: 404, code: 'KEPT_CHAT_NOT_FOUND', message: 'Kept chat not found', error: 'Not Found' },
      ],
    });
    const { dialog, onClose, onGone } = open();
    fireEvent.change(within(dialog).getByLabelText(REASON), { target: { value: 'Following up a report' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read chat' }));
    expect(await screen.findByText('Kept chat not found')).toBeInTheDocument();
    expect(onGone).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});
