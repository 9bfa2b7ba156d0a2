import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Flex, Tag } from 'antd';
import { useState } from 'react';
import { MSG } from '@portal/contracts';
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
import { AuthShell } from './AuthShell';
import { SignInForm } from './LoginPage';

export function AdminLoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { loading, isAuthenticated, user } = useSession();
  // While a sign-in is being checked for the admin role, the route must not redirect.
  const [submitting, setSubmitting] = useState(false);
  if (loading) return <FullPageSpinner />;
  if (isAuthenticated && !submitting) return <Navigate to={user?.role === 'admin' ? '/dashboard' : '/login'} replace />;
  return (
    <AuthShell
      title="Administrator Portal"
      subtitle="Sign in with an administrator account"
      badge={
        <Tag icon={<SafetyCertificateOutlined />} color="blue" style={{ marginTop: 8 }}>
          Admins only
        </Tag>
      }
    >
      <SignInForm
        submitLabel="Sign In as Admin"
        onSubmit={async (credentials) => {
          setSubmitting(true);
          const result = await dispatch(login(credentials));
          if (!login.fulfilled.match(result)) {
            setSubmitting(false);
            notify.error(result.payload ?? 'Admin login failed');
            return;
          }
          if (result.payload.user.role !== 'admin') {
            await dispatch(logout());
            setSubmitting(false);
            notify.error(MSG.adminCredentials);
            return;
          }
          setSubmitting(false);
          notify.success('Admin login successful!');
          navigate('/dashboard', { replace: true });
        }}
      />
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/login">Student/Mentor Login</Link>
      </Flex>
    </AuthShell>
  );
}
