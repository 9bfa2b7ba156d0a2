import { Button, Result } from 'antd';
import { useNavigate } from '@portal/web-core';
import { useShellT } from '../i18n';

export function NotFoundPage() {
  const navigate = useNavigate();
  const { t } = useShellT();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.message')}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
