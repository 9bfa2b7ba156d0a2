import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Conversation } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { NewChatPicker } from './NewChatPicker';

const mentee = {
  _id: 'u7',
  fullName: 'Asha Rao',
  studentId: 'STU-0042',
  class: '10',
  section: 'A',
};
const group: Conversation = {
  _id: 'g1',
  type: 'group',
  displayName: 'Robotics Club',
  subtitle: '4 members',
  color: '#3B82F6',
  groupId: 'g1',
  lastMessage: null,
  unreadCount: 0,
};

/** GET /mentors/mentees fails the first `failures` times, then answers one mentee. */
function mockMentees(failures: number) {
  let calls = 0;
  mockApi({
    'GET /mentors/mentees': () =>
      ++calls <= failures ? [500, { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' }] : [mentee],
  });
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

const renderPicker = () =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/chat']}>
          <Routes>
            <Route path="*" element={<NewChatPicker open onClose={() => undefined} groups={[group]} />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );

describe('new-chat picker', () => {
  it('says "Failed to fetch mentees" when the list cannot load, and Retry loads it', async () => {
    mockMentees(1);
    renderPicker();
    expect(await screen.findByText('Failed to fetch mentees')).toBeInTheDocument();
    expect(screen.queryByText('You have no mentees yet')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch mentees')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Asha Rao'));
    expect(screen.getByTestId('where')).toHaveTextContent('/chat/individual_u7');
  });

  it("offers the mentor's groups: choosing one opens its chat; a link leads to creating a group", async () => {
    mockMentees(0);
    renderPicker();
    fireEvent.click(screen.getByText('Groups (1)'));
    fireEvent.click(await screen.findByText('Robotics Club'));
    expect(screen.getByTestId('where')).toHaveTextContent('/chat/g1');
    fireEvent.click(screen.getByText('create a group'));
    expect(screen.getByTestId('where')).toHaveTextContent('/groups');
  });
});
