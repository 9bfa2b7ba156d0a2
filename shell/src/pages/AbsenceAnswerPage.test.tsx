import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ErrorCode } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { AbsenceAnswerPage } from './AbsenceAnswerPage';

function renderAt(at: string) {
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="*" element={<AbsenceAnswerPage />} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

const USED = 'This link has expired or was already used. Sign in to the portal, or contact the school.';

describe('the absence notice link page', () => {
  it("names the child and the day, and sends the family's answer with the link's token", async () => {
    const calls = mockApi({
      'POST /absence-link': { childName: 'Jordan', date: '2026-03-04' },
      'POST /absence-link/answer': { message: "Thank you: your answer has reached your child's mentor." },
    });
    renderAt('/absence-answer?token=t0k3n');
    expect(await screen.findByText('Jordan was marked absent on Wednesday, 4 March 2026')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Please choose an answer')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'This mark is wrong: they were at school' }));
    expect(
      await screen.findByText('The school office will check the register and correct it or confirm it.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'He was at the science fair' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: '/absence-link', body: { token: 't0k3n' } },
      {
        method: 'POST',
        path: '/absence-link/answer',
        body: { token: 't0k3n', reason: 'wrong_mark', note: 'He was at the science fair' },
      },
    ]);
  });

  it('a used or expired link says so and offers sign-in; so does a page opened without one', async () => {
    mockApi({
      'POST /absence-link': [400, { statusCode: 400, code: ErrorCode.AbsenceLinkInvalid, message: USED }],
    });
    renderAt('/absence-answer?token=used');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(USED));
    expect(screen.getByRole('link', { name: 'Have an account? Sign in to the portal' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('without a token says the link cannot be used', () => {
    mockApi({});
    renderAt('/absence-answer');
    expect(screen.getByRole('alert')).toHaveTextContent(USED);
  });
});
