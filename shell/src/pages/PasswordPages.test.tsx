import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ErrorCode, MSG } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { ChangePasswordDialog } from '../layout/ChangePasswordDialog';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { SignupPage } from './SignupPage';

function renderAt(ui: React.ReactElement, at = '/') {
  const store = createStore();
  render(
    <Provider store={store}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return store;
}

/** The page's own status line says `text` (the shell's notices region is a status too). */
const expectStatus = (text: string) =>
  waitFor(() => expect(screen.getAllByRole('status').some((el) => el.textContent?.includes(text))).toBe(true));

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('sign-in page', () => {
  it('tells a mentor whose account awaits approval, in the page', async () => {
    mockApi({
      'POST /auth/login': [403, { statusCode: 403, code: ErrorCode.AccountPending, message: MSG.accountPending }],
    });
    renderAt(<LoginPage />);
    fill('Email', 'new.mentor@example.edu');
    fill('Password', 'secret12');
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    await expectStatus(MSG.accountPending);
  });

  it('"Forgot password?" asks for the e-mail and shows the same answer whatever the account', async () => {
    const answer = 'If an account exists for this e-mail, an administrator will send you a link.';
    const calls = mockApi({ 'POST /auth/forgot-password': [202, { message: answer, emailed: false }] });
    renderAt(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await screen.findByRole('button', { name: 'Request reset link' }));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'someone@example.edu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request reset link' }));
    expect(await screen.findByText(answer)).toBeInTheDocument();
    // Besides what the sign-in page offers (GET /auth/sign-in-options): the one request.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'POST', path: '/auth/forgot-password', body: { email: 'someone@example.edu' } },
    ]);
  });
});

describe('sign-up page', () => {
  it('says a mentor account waits for approval after registering', async () => {
    mockApi({
      'POST /auth/register': [
        201,
        { message: MSG.registeredPending, user: { _id: 'u1', role: 'mentor', pendingApproval: true } },
      ],
    });
    renderAt(<SignupPage />);
    fireEvent.click(screen.getByRole('radio', { name: 'Mentor' }));
    expect(
      await screen.findByText('Mentor accounts are approved by an administrator before the first sign-in.'),
    ).toBeInTheDocument();
    fill('Full name', 'New Mentor');
    fill('Phone', '555');
    fill('Email', 'new.mentor@example.edu');
    fill('Password', 'secret12');
    fill('Department', 'Physics');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectStatus(MSG.registeredPending);
  });
});

describe('reset password page', () => {
  it('refuses a blank password and mismatched confirmation, then sets it with the token of the link', async () => {
    const calls = mockApi({ 'POST /auth/reset-password': [200, { message: 'Your password has been reset.' }] });
    renderAt(<ResetPasswordPage />, '/reset-password?token=abc123');
    fill('New password', '        ');
    fill('Confirm new password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(MSG.passwordBlank)).toBeInTheDocument();
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    fill('New password', 'correct horse battery');
    fill('Confirm new password', 'correct horse battery');
    expect(await screen.findByText(/^Strength:/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'POST',
          path: '/auth/reset-password',
          body: { token: 'abc123', newPassword: 'correct horse battery' },
        },
      ]),
    );
  });

  it('without a token says the link is invalid', () => {
    mockApi({});
    renderAt(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByText(MSG.resetLinkInvalid)).toHaveAttribute('role', 'alert');
  });
});

describe('change password dialog', () => {
  it('shows a wrong current password on its field, and keeps the session with the fresh token', async () => {
    let attempt = 0;
    mockApi({
      'POST /auth/change-password': () =>
        ++attempt === 1
          ? [400, { statusCode: 400, code: ErrorCode.WrongCurrentPassword, message: 'Nope' }]
          : { message: 'ok', token: 'fresh-token' },
    });
    const onClose = jest.fn();
    const store = renderAt(<ChangePasswordDialog open onClose={onClose} />);
    fill('Current password', 'wrong');
    fill('New password', 'brand-new-1');
    fill('Confirm new password', 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.wrongCurrentPassword)).toBeInTheDocument();
    fill('Current password', 'right-one');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(store.getState().session.token).toBe('fresh-token');
    expect(localStorage.getItem('token')).toBe('fresh-token');
  });
});
