import { Card, Flex, Switch } from 'antd';
import { useId } from 'react';
import { DELETED_CHAT_RETENTION_DAYS, type UserResponse } from '@portal/contracts';
import { Text } from '@portal/ui';
import { errorMessage, notify } from '@portal/web-core';
import { useSetSafeguardingLeadMutation } from '../adminApi';
import { useRetentionQuery } from '../privacy/retentionApi';
import { useAdminT } from './i18n';

/** An admin designated a safeguarding lead (reads kept chats), or no longer; saved as it is flipped. */
export function SafeguardingLeadSwitch({ user }: { user: UserResponse }) {
  const { t } = useAdminT();
  const id = useId();
  const [save, saving] = useSetSafeguardingLeadMutation();
  // The school's period for deleted chats; the default until it is read.
  const retention = useRetentionQuery();
  const keptDays = retention.data ? retention.data.periods.deletedChats : DELETED_CHAT_RETENTION_DAYS;

  const change = async (lead: boolean) => {
    try {
      await save({ id: user._id, lead }).unwrap();
      notify.success(t(lead ? 'users.lead.designated' : 'users.lead.removed', { name: user.fullName }));
    } catch (e) {
      notify.error(errorMessage(e, t('users.lead.saveFailed')));
    }
  };

  return (
    <Card title={t('users.lead.title')} style={{ maxWidth: 960, marginTop: 16 }} data-testid="safeguarding-lead">
      <Flex vertical gap={12}>
        <Flex align="center" justify="space-between" gap={12} style={{ minHeight: 44 }}>
          <label htmlFor={id} style={{ flex: 1, cursor: 'pointer' }}>
            {t('users.lead.label')}
          </label>
          <Switch
            id={id}
            checked={user.safeguardingLead}
            loading={saving.isLoading}
            onChange={(on) => void change(on)}
          />
        </Flex>
        <Text type="secondary">
          {keptDays === null ? t('users.lead.explainKept') : t('users.lead.explain', { days: keptDays })}
        </Text>
      </Flex>
    </Card>
  );
}
