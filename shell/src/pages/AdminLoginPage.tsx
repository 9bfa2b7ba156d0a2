import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Flex, Tag } from 'antd';
import { useCallback, useState } from 'react';
import {
  FullPageSpinner,
  Link,
  login,
  logout,
  Navigate,
  notify,
  useAppDispatch,
  useNavigate,
  useSession,
} from '@portal/web-core';
import { useShellT } from '../i18n';
import { AuthShell } from './AuthShell';
import { SignInForm } from './LoginPage';
import { MfaStep } from './MfaStep';
import { useProviderSignIn } from './ProviderSignIn';

export function AdminLoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { loading, isAuthenticated, user, mfa } = useSession();
  const { t } = useShellT();
  // While a sign-in is being checked for the admin role, the route must not redirect.
  const [submitting, setSubmitting] = useState(false);
  // The server signs in only admins through the admin portal's provider sign-in; the page then goes on (below).
  const signedIn = useCallback(() => notify.success(t('adminLogin.success')), [t]);
  const provider = useProviderSignIn({ portal: 'admin', onSignedIn: signedIn });
  if (loading) return <FullPageSpinner />;
  if (mfa)
    return (
      <AuthShell title={t('mfa.title')} subtitle={t('mfa.subtitle')}>
        <MfaStep />
      </AuthShell>
    );
  if (isAuthenticated && !submitting) return <Navigate to={user?.role === 'admin' ? '/dashboard' : '/login'} replace />;
  return (
    <AuthShell
      title={t('adminLogin.title')}
      subtitle={t('adminLogin.subtitle')}
      badge={
        <Tag icon={<SafetyCertificateOutlined aria-hidden />} color="blue" style={{ marginTop: 8 }}>
          {t('adminLogin.badge')}
        </Tag>
      }
    >
      {provider.panel}
      {/* A school whose staff use its provider: no password form here. */}
      {provider.options?.passwordSignIn !== 'students-only' && (
        <SignInForm
          submitLabel={t('adminLogin.submit')}
          onSubmit={async (credentials) => {
            setSubmitting(true);
            const result = await dispatch(login(credentials));
            if (!login.fulfilled.match(result)) {
              setSubmitting(false);
              notify.error(result.payload ?? t('adminLogin.failed'));
              return;
            }
            // An admin's second step (only admins are asked for one): the page shows it.
            if ('mfa' in result.payload) {
              setSubmitting(false);
              return;
            }
            if (result.payload.user.role !== 'admin') {
              await dispatch(logout());
              setSubmitting(false);
              notify.error(t('common:validation.adminCredentials'));
              return;
            }
            setSubmitting(false);
            notify.success(t('adminLogin.success'));
            navigate('/dashboard', { replace: true });
          }}
        />
      )}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/login">{t('adminLogin.userLogin')}</Link>
      </Flex>
    </AuthShell>
  );
}
