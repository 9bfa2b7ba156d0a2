import { Alert, Card, Flex, Skeleton, Switch } from 'antd';
import { useId } from 'react';
import { useGuardianNotificationsQuery, useSetGuardianNotificationsMutation } from '@portal/notifications';
import { LoadError, Text } from '@portal/ui';
import { errorMessage, notify } from '@portal/web-core';

/** A student's guardian absence notices on or off (on by default), saved as it is flipped. */
export function GuardianNoticeSwitch({ menteeId, guardianEmail }: { menteeId: string; guardianEmail?: string }) {
  const id = useId();
  const { data, isLoading, error, refetch } = useGuardianNotificationsQuery(menteeId);
  const [save, saving] = useSetGuardianNotificationsMutation();
  const email = guardianEmail?.trim();

  const change = async (enabled: boolean) => {
    try {
      await save({ menteeId, enabled }).unwrap();
      notify.success(
        enabled ? 'Absence notices to the guardian turned on' : 'Absence notices to the guardian turned off',
      );
    } catch (e) {
      notify.error(errorMessage(e, 'Could not save the guardian notices setting. Please try again.'));
    }
  };

  return (
    <Card title="Guardian notices" style={{ maxWidth: 960, marginTop: 16 }} data-testid="guardian-notices">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : error || !data ? (
        <LoadError title={errorMessage(error, 'Could not load the guardian notices setting')} onRetry={refetch} />
      ) : (
        <Flex vertical gap={12}>
          <Flex align="center" justify="space-between" gap={12} style={{ minHeight: 44 }}>
            <label htmlFor={id} style={{ flex: 1, cursor: 'pointer' }}>
              Send absence notices to the guardian
            </label>
            <Switch id={id} checked={data.enabled} loading={saving.isLoading} onChange={(on) => void change(on)} />
          </Flex>
          <Text type="secondary">
            When the student is marked absent (and is not on approved leave), one e-mail a day goes to the guardian
            {email ? (
              <>
                {' '}
                at <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>
              </>
            ) : null}
            , after a short delay so that a corrected register sends nothing.
          </Text>
          {!email && (
            <Alert
              type="warning"
              showIcon
              title="No guardian e-mail on file"
              description="Fill in the Parent e-mail in the profile above and save it; until then no absence notice can be sent."
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
