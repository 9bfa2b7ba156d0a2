import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { bootSession, createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { AdminLoginPage } from './AdminLoginPage';
import { LoginPage, SignInForm, signInErrors } from './LoginPage';
import { emailRules } from './rules';
import { SignupPage } from './SignupPage';

function renderPage(ui: React.ReactElement, at = '/login') {
  const store = createStore();
  render(
    <Provider store={store}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return store;
}

const SCHOOL = { provider: { label: 'Sign in with Test School' }, passwordSignIn: 'all' };
const ME = {
  user: { _id: 'a1', email: 'admin@example.edu', role: 'admin', fullName: 'Admin', isActive: true },
  profile: null,
  language: 'en',
};

describe("sign-in with the school's account", () => {
  it('shows the provider button beside the password form when the portal has one', async () => {
    mockApi({ 'GET /auth/sign-in-options': SCHOOL });
    renderPage(<LoginPage />);
    expect(await screen.findByRole('button', { name: 'Sign in with Test School' })).toBeInTheDocument();
    expect(screen.getByText('or with your e-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('shows no button where the portal has no provider', async () => {
    const calls = mockApi({ 'GET /auth/sign-in-options': { provider: null, passwordSignIn: 'all' } });
    renderPage(<LoginPage />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /school/i })).not.toBeInTheDocument();
  });

  it("explains a refusal the provider's callback sent back, until it is dismissed", async () => {
    mockApi({ 'GET /auth/sign-in-options': SCHOOL });
    renderPage(<LoginPage />, '/login?error=PROVIDER_NO_ACCOUNT');
    const alert = await screen.findByText(/No portal account has the e-mail address of your school account/);
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/No portal account has the e-mail address/)).not.toBeInTheDocument();
  });

  it('collects the token once the provider sent the browser back, and the session holds it', async () => {
    const calls = mockApi({
      'GET /auth/sign-in-options': SCHOOL,
      'POST /auth/oidc/session': { token: 'provider-token', user: ME.user },
      'GET /auth/me': ME,
    });
    const store = renderPage(<AdminLoginPage />, '/admin/login?signin=provider');
    await waitFor(() => expect(store.getState().session.isAuthenticated).toBe(true));
    expect(store.getState().session.token).toBe('provider-token');
    expect(calls.filter((c) => c.path === '/auth/oidc/session')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('provider-token');
  });

  it('a sign-in that cannot be collected says so on the page', async () => {
    mockApi({
      'GET /auth/sign-in-options': SCHOOL,
      'POST /auth/oidc/session': [
        400,
        { statusCode: 400, code: 'PROVIDER_SIGN_IN_FAILED', message: 'The sign-in could not be completed.' },
      ],
    });
    const store = renderPage(<LoginPage />, '/login?signin=provider');
    expect(await screen.findByText(/could not be completed/)).toBeInTheDocument();
    expect(store.getState().session.isAuthenticated).toBe(false);
  });

  it('the admin portal of a school whose staff use the provider offers no password form', async () => {
    mockApi({ 'GET /auth/sign-in-options': { ...SCHOOL, passwordSignIn: 'students-only' } });
    const store = renderPage(<AdminLoginPage />, '/admin/login');
    // No stored session: the page leaves its spinner.
    await act(() => store.dispatch(bootSession()));
    expect(await screen.findByRole('button', { name: 'Sign in with Test School' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });
});

describe('LoginPage', () => {
  it('shows the spec messages for an empty form and a malformed e-mail, without calling the API', async () => {
    const calls = mockApi({});
    renderPage(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /auth/sign-in-options']);
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Administrator Portal' })).toHaveAttribute('href', '/admin/login');
  });
});

describe('SignInForm', () => {
  it('focuses the first wrong field, treats a blank e-mail as missing, and submits the trimmed e-mail once valid', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderPage(<SignInForm submitLabel="Sign In" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' mentor@example.edu ' } });
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@2026' } });
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'mentor@example.edu', password: 'Demo@2026' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });
});

describe('e-mail rules: the loose pattern to sign in, one bare address where one is entered and kept', () => {
  it('signing in accepts an address stored under the old rule and refuses whitespace or a missing side', () => {
    expect(signInErrors({ email: 'teacher@campus', password: 'x' })).toEqual({});
    for (const email of ['two words@campus', '@campus', 'teacher@', 'campus'])
      expect(signInErrors({ email, password: 'x' }).email).toBe('Invalid email address');
  });

  it('sign-up, forgot password and create admin accept one bare address only', async () => {
    const rule = emailRules().find((r) => typeof r === 'object' && 'validator' in r) as {
      validator: (rule: unknown, value: unknown) => Promise<void>;
    };
    await expect(rule.validator({}, 'mentor@example.edu')).resolves.toBeUndefined();
    for (const email of ['own@x.test,victim1@v.test', 'a@x;b@y', 'teacher@campus'])
      await expect(rule.validator({}, email)).rejects.toThrow('Invalid email address');
  });
});

describe('SignInForm fields', () => {
  it('ties each error to its field and shows or hides the password by click or keyboard', async () => {
    renderPage(<SignInForm submitLabel="Sign In" onSubmit={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-describedby', 'signin-email-error');
    expect(await screen.findByText('Email is required')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Email is required')).toHaveAttribute('id', 'signin-email-error');

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Hide' }), { key: 'Enter' });
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Show' }), { key: ' ' });
    expect(password).toHaveAttribute('type', 'text');
  });
});

describe('SignupPage', () => {
  it('asks for the role first, then the fields of that role', async () => {
    renderPage(<SignupPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please select your role.')).toBeInTheDocument();
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Mentor' }));
    await screen.findByLabelText('Department');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Department is required')).toBeInTheDocument();
    expect(screen.queryByLabelText('Class')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Mentee (student)' }));
    await screen.findByLabelText('Class');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Class is required')).toBeInTheDocument();
    expect(await screen.findByText('Section is required')).toBeInTheDocument();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.queryByLabelText('Department')).not.toBeInTheDocument();
  });
});

describe("an admin's second step", () => {
  it('sets up the authenticator: its QR code, a first code, the recovery codes once, then the session', async () => {
    const calls = mockApi({
      'GET /auth/sign-in-options': { provider: null, passwordSignIn: 'all' },
      'POST /auth/login': { mfa: { challenge: 'the-challenge', enrolled: false } },
      'POST /auth/mfa/enrolment': { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg/>' },
      'POST /auth/mfa/verify': (_url: URL, body: { code: string }) =>
        body.code === '123456'
          ? { token: 'admin-token', user: ME.user, recoveryCodes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] }
          : [401, { statusCode: 401, code: 'MFA_CODE_INVALID', message: 'That code is not right.' }],
      'GET /auth/me': ME,
    });
    const store = renderPage(<LoginPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.edu' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@2026' } });
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();

    fireEvent.change(screen.getByLabelText(/6-digit code/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/6-digit code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('AAAAA-BBBBB')).toBeInTheDocument();
    // Not signed in until the codes were seen.
    expect(store.getState().session.isAuthenticated).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them, continue' }));
    await waitFor(() => expect(store.getState().session.isAuthenticated).toBe(true));
    expect(store.getState().session.token).toBe('admin-token');
    expect(calls.filter((c) => c.path === '/auth/mfa/verify').map((c) => c.body)).toEqual([
      { challenge: 'the-challenge', code: '000000' },
      { challenge: 'the-challenge', code: '123456' },
    ]);
  });

  it('an enrolled admin gives a code, or goes back to the sign-in form', async () => {
    mockApi({
      'GET /auth/sign-in-options': { provider: null, passwordSignIn: 'all' },
      'POST /auth/login': { mfa: { challenge: 'c', enrolled: true } },
    });
    renderPage(<LoginPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.edu' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@2026' } });
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByLabelText('Code from your authenticator app, or a recovery code')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});
