import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi, typeDate } from '@portal/web-core/testing';
import { DismissSignalsDialog, LogFollowUpDialog } from './FollowUpQueueDialogs';

const wrap = (ui: React.ReactElement) =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
const student = { menteeId: 'm1', fullName: 'Vihaan Mehta' };
const sent = (calls: { method: string }[]) => calls.filter((c) => c.method !== 'GET');

describe('follow-up dialogs', () => {
  it('a follow-up needs a summary; an empty action item is refused; a complete one is sent', async () => {
    const calls = mockApi({ 'POST /followup/mentees/m1/log': [201, { _id: 'e1' }] });
    const onClose = jest.fn();
    wrap(<LogFollowUpDialog student={student} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Log follow-up: Vihaan Mehta' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Add action item/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please write a short summary')).toBeInTheDocument();
    expect(await within(dialog).findByText('Write the action or remove it')).toBeInTheDocument();
    expect(sent(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Summary'), { target: { value: ' Met him and his mother ' } });
    fireEvent.change(within(dialog).getByLabelText('Action item 1'), { target: { value: 'Bring the note' } });
    typeDate(within(dialog).getByLabelText('Due date of action item 1'), '2031-03-14');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Private note/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(calls)).toEqual([
      {
        method: 'POST',
        path: '/followup/mentees/m1/log',
        body: expect.objectContaining({
          mode: 'inPerson',
          summary: 'Met him and his mother',
          private: true,
          actionItems: [{ text: 'Bring the note', dueDate: '2031-03-14' }],
        }),
      },
    ]);
  });

  it('a dismissal needs a reason', async () => {
    const calls = mockApi({ 'POST /followup/mentees/m1/dismiss': [201, {}] });
    const onClose = jest.fn();
    wrap(<DismissSignalsDialog student={student} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss: Vihaan Mehta' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText('Please give a reason for dismissing')).toBeInTheDocument();
    expect(sent(calls)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Family trip, agreed with school' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(calls)).toEqual([
      { method: 'POST', path: '/followup/mentees/m1/dismiss', body: { reason: 'Family trip, agreed with school' } },
    ]);
  });
});
