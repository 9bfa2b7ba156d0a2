import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorCode, SIGN_IN_EMAIL_PATTERN, type LoginRequest } from '@portal/contracts';
import { dropPrerendered, i18n, Link, login, notify, useAppDispatch, useNavigate, useSession } from '@portal/web-core';
import { PlainButton } from '@portal/ui';
import { useShellT } from '../i18n';
import { AuthShell } from './AuthShell';
import { MfaStep } from './MfaStep';
import { useProviderSignIn } from './ProviderSignIn';
import { TextInput } from './TextInput';

// Loaded when first opened: the sign-in page stays small (bench/frontend-size.mjs).
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

type SignInErrors = Partial<Record<keyof LoginRequest, string>>;

/**
 * The rules of SPEC.md section 5 for the sign-in form, with the API's own pattern and messages: the spec's loose one,
 * so that accounts stored before the strict rule for new addresses (isEmailAddress) keep signing in.
 */
export function signInErrors({ email, password }: LoginRequest): SignInErrors {
  const errors: SignInErrors = {};
  if (!email.trim()) errors.email = i18n.t('common:validation.emailRequired');
  else if (!SIGN_IN_EMAIL_PATTERN.test(email.trim())) errors.email = i18n.t('common:validation.emailInvalid');
  if (!password) errors.password = i18n.t('common:validation.passwordRequired');
  return errors;
}

/** A labelled field laid out as antd's vertical form items are, with its error announced to screen readers. */
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? token.marginXS : token.marginLG }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      <div
        id={`${id}-error`}
        role="alert"
        style={{ color: token.colorError, minHeight: error ? token.controlHeightSM : 0 }}
      >
        {error}
      </div>
    </div>
  );
}

/**
 * The sign-in form shared by /login and /admin/login. A plain form rather than antd's Form, which with its validator,
 * grid and label tooltip would weigh on the first page anyone loads, for two fields; its fields are TextInput
 * rather than antd's Input, which would bring the form library back through its Form context. Errors show after the
 * first submit and then follow the typing, as antd's do; the first wrong field takes the focus.
 */
export function SignInForm({
  onSubmit,
  submitLabel,
}: {
  onSubmit: (v: LoginRequest) => Promise<void>;
  submitLabel: string;
}) {
  const { t } = useShellT();
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errors = submitted ? signInErrors(values) : {};
  const set = (field: keyof LoginRequest) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const invalid = (field: keyof LoginRequest) =>
    errors[field] ? { invalid: true, 'aria-invalid': true, 'aria-describedby': `signin-${field}-error` } : {};
  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setSubmitted(true);
        const found = signInErrors(values);
        if (found.email || found.password) {
          (found.email ? emailRef : passwordRef).current?.focus();
          return;
        }
        setBusy(true);
        try {
          await onSubmit({ email: values.email.trim(), password: values.password });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field id="signin-email" label={t('signIn.email')} error={errors.email}>
        <TextInput
          id="signin-email"
          ref={emailRef}
          value={values.email}
          onChange={set('email')}
          prefix={<MailOutlined aria-hidden />}
          placeholder={t('signIn.emailPlaceholder')}
          autoComplete="username"
          {...invalid('email')}
        />
      </Field>
      <Field id="signin-password" label={t('signIn.password')} error={errors.password}>
        <TextInput
          password
          id="signin-password"
          ref={passwordRef}
          value={values.password}
          onChange={set('password')}
          prefix={<LockOutlined aria-hidden />}
          placeholder={t('signIn.passwordPlaceholder')}
          autoComplete="current-password"
          {...invalid('password')}
        />
      </Field>
      <PlainButton variant="primary" submit block size="large" loading={busy}>
        {submitLabel}
      </PlainButton>
    </form>
  );
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { t } = useShellT();
  const [pending, setPending] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  // The build's drawing of this page (index.html) gives way in the same frame as the page itself draws.
  useLayoutEffect(dropPrerendered, []);
  // Signed in through the school's provider: the route (GuestOnly) then goes on to the dashboard.
  const signedIn = useCallback(() => notify.success(t('login.success')), [t]);
  const provider = useProviderSignIn({ portal: 'main', onSignedIn: signedIn });
  const { mfa } = useSession();
  if (mfa)
    return (
      <AuthShell title={t('mfa.title')} subtitle={t('mfa.subtitle')}>
        <MfaStep />
      </AuthShell>
    );
  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      {provider.panel}
      {pending && (
        <div
          role="status"
          style={{
            marginBottom: token.marginLG,
            padding: token.paddingSM,
            borderRadius: token.borderRadius,
            border: `1px solid ${token.colorWarningBorder}`,
            background: token.colorWarningBg,
            color: token.colorText,
          }}
        >
          {t('common:validation.accountPending')}
        </div>
      )}
      <SignInForm
        submitLabel={t('login.submit')}
        onSubmit={async (credentials) => {
          const result = await dispatch(login(credentials));
          if (login.fulfilled.match(result)) {
            // An admin's second step, when asked for, replaces the form (the session holds its challenge).
            if ('mfa' in result.payload) return;
            notify.success(t('login.success'));
            navigate('/dashboard', { replace: true });
            return;
          }
          const awaitingApproval = result.meta.code === ErrorCode.AccountPending;
          setPending(awaitingApproval);
          if (!awaitingApproval) notify.error(result.payload ?? t('common:loginFailed'));
        }}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: token.marginSM }}>
        <PlainButton variant="link" onClick={() => setForgotOpen(true)}>
          {t('login.forgot')}
        </PlainButton>
      </div>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: token.marginSM,
          margin: '20px 0 12px',
          color: token.colorTextSecondary,
        }}
      >
        <span role="presentation" style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
        {t('login.newHere')}
        <span role="presentation" style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/signup">{t('login.createAccount')}</Link>
        <Link to="/admin/login">{t('login.adminPortal')}</Link>
      </div>
    </AuthShell>
  );
}
