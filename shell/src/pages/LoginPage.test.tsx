import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { LoginPage, SignInForm, signInErrors } from './LoginPage';
import { emailRules } from './rules';
import { SignupPage } from './SignupPage';

function renderPage(ui: React.ReactElement) {
  return render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

describe('LoginPage', () => {
  it('shows the spec messages for an empty form and a malformed e-mail, without calling the API', async () => {
    const calls = mockApi({});
    renderPage(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
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
