import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Flex, Tag } from 'antd';
import { useState } from 'react';
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

export function AdminLoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { loading, isAuthenticated, user } = useSession();
  const { t } = useShellT();
  // While a sign-in is being checked for the admin role, the route must not redirect.
  const [submitting, setSubmitting] = useState(false);
  if (loading) return <FullPageSpinner />;
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
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/login">{t('adminLogin.userLogin')}</Link>
      </Flex>
    </AuthShell>
  );
}
