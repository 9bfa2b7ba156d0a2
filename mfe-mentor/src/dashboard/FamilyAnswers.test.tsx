import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { AbsenceAnswerResponse } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { FamilyAnswers } from './FamilyAnswers';

const answer = (over: Partial<AbsenceAnswerResponse> = {}): AbsenceAnswerResponse => ({
  _id: 'a1',
  menteeId: 's1',
  studentName: 'Jordan Rivera',
  studentId: 'STU-1',
  class: '10',
  section: 'A',
  date: '2026-03-04',
  reason: 'sick',
  note: 'Fever',
  answeredBy: 'Maria Rivera',
  via: 'portal',
  seenAt: null,
  markResolution: null,
  createdAt: '2026-03-04T08:00:00Z',
  ...over,
});

const renderPanel = () =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <FamilyAnswers />
      </ThemeProvider>
    </Provider>,
  );

describe("the mentor's answers from families", () => {
  it('lists each answer with who said what, a disputed mark tagged; marking one seen takes it out', async () => {
    let open = [
      answer(),
      answer({
        _id: 'a2',
        studentName: 'Asha Singh',
        reason: 'wrong_mark',
        note: null,
        answeredBy: 'parent@example.com',
      }),
    ];
    const calls = mockApi({
      'GET /mentor/absence-answers': () => open,
      'PUT /mentor/absence-answers/:id/seen': (url: URL) => {
        const id = url.pathname.split('/').at(-2);
        const seen = open.find((a) => a._id === id)!;
        open = open.filter((a) => a._id !== id);
        return { ...seen, seenAt: '2026-03-04T09:00:00Z' };
      },
    });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Answers from families' });
    expect(panel).toHaveTextContent('2 families told you why their child was away.');
    expect(panel).toHaveTextContent('Absent on Wed, 4 Mar · Class 10-A');
    expect(panel).toHaveTextContent('Maria Rivera: Sick. “Fever”');
    expect(panel).toHaveTextContent('parent@example.com: This mark is wrong: they were at school.');
    expect(screen.getAllByText('Mark disputed')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Mark seen: the answer about Jordan Rivera' }));
    await waitFor(() => expect(screen.queryByText('Jordan Rivera')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/mentor/absence-answers/a1/seen']);
    fireEvent.click(screen.getByRole('button', { name: 'Mark seen: the answer about Asha Singh' }));
    // None left: the panel goes.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Answers from families' })).toBeNull());
  });
});
