import { Alert, Card, Flex, Skeleton, Switch } from 'antd';
import { useId } from 'react';
import { useGuardianNotificationsQuery, useSetGuardianNotificationsMutation } from '@portal/notifications';
import { LoadError, Text } from '@portal/ui';
import { errorMessage, notify, Trans } from '@portal/web-core';
import { useAdminT } from './i18n';

/** A student's guardian absence notices on or off (on by default), saved as it is flipped. */
export function GuardianNoticeSwitch({ menteeId, guardianEmail }: { menteeId: string; guardianEmail?: string }) {
  const { t } = useAdminT();
  const id = useId();
  const { data, isLoading, error, refetch } = useGuardianNotificationsQuery(menteeId);
  const [save, saving] = useSetGuardianNotificationsMutation();
  const email = guardianEmail?.trim();

  const change = async (enabled: boolean) => {
    try {
      await save({ menteeId, enabled }).unwrap();
      notify.success(enabled ? t('users.guardian.turnedOn') : t('users.guardian.turnedOff'));
    } catch (e) {
      notify.error(errorMessage(e, t('users.guardian.saveFailed')));
    }
  };

  return (
    <Card title={t('users.guardian.title')} style={{ maxWidth: 960, marginTop: 16 }} data-testid="guardian-notices">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : error || !data ? (
        <LoadError title={errorMessage(error, t('users.guardian.loadFailed'))} onRetry={refetch} />
      ) : (
        <Flex vertical gap={12}>
          <Flex align="center" justify="space-between" gap={12} style={{ minHeight: 44 }}>
            <label htmlFor={id} style={{ flex: 1, cursor: 'pointer' }}>
              {t('users.guardian.label')}
            </label>
            <Switch id={id} checked={data.enabled} loading={saving.isLoading} onChange={(on) => void change(on)} />
          </Flex>
          <Text type="secondary">
            {email ? (
              <Trans
                t={t}
                i18nKey="users.guardian.explainTo"
                values={{ email }}
                components={{ b: <strong style={{ overflowWrap: 'anywhere' }} /> }}
              />
            ) : (
              t('users.guardian.explain')
            )}
          </Text>
          {!email && (
            <Alert
              type="warning"
              showIcon
              title={t('users.guardian.noEmail')}
              description={t('users.guardian.noEmailText')}
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
