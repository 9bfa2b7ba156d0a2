import { Flex, Skeleton, Switch, theme } from 'antd';
import { useId, useState } from 'react';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_ROLES, type NotificationKind } from '@portal/contracts';
import { LoadError, Panel, Text } from '@portal/ui';
import { errorMessage, notify, useSession } from '@portal/web-core';
import { useNotificationsT } from './i18n';
import { useNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from './notificationsApi';

/** "E-mail me when…": one switch per kind, each saved as it is flipped. In-app notifications are always on. */
export function EmailPreferences() {
  const { token } = theme.useToken();
  const { t } = useNotificationsT();
  // The kinds hold dots, which i18next reads as paths: the catalogue spells them with underscores.
  const kindLabel = (kind: NotificationKind) => t(`kinds.${kind.replace('.', '_')}`);
  const role = useSession().user?.role;
  const { data, isLoading, error, refetch } = useNotificationPreferencesQuery();
  const [update] = useUpdateNotificationPreferencesMutation();
  const [saving, setSaving] = useState<NotificationKind | null>(null);
  const idBase = useId();
  const kinds = NOTIFICATION_KINDS.filter((k) => !role || NOTIFICATION_KIND_ROLES[k].includes(role));

  const save = async (kind: NotificationKind, on: boolean) => {
    setSaving(kind);
    try {
      await update({ email: { [kind]: on } }).unwrap();
      notify.success(
        on ? t('email.savedOn', { kind: kindLabel(kind) }) : t('email.savedOff', { kind: kindLabel(kind) }),
      );
    } catch (e) {
      notify.error(errorMessage(e, t('email.saveFailed')));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Panel title={t('email.title')} data-testid="email-preferences">
      <Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
        {t('email.intro')}
      </Text>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : error || !data ? (
        <LoadError title={errorMessage(error, t('email.loadFailed'))} onRetry={refetch} />
      ) : (
        <ul style={{ margin: 0, padding: 0 }}>
          {kinds.map((kind, i) => {
            const id = `${idBase}-${i}`;
            return (
              <li
                key={kind}
                style={{
                  listStyle: 'none',
                  borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined,
                }}
              >
                <Flex align="center" justify="space-between" gap={12} style={{ minHeight: 48, padding: '4px 0' }}>
                  <label htmlFor={id} style={{ flex: 1, cursor: 'pointer', color: token.colorText }}>
                    {kindLabel(kind)}
                  </label>
                  <Switch
                    id={id}
                    checked={data.email[kind]}
                    loading={saving === kind}
                    disabled={saving !== null && saving !== kind}
                    onChange={(on) => void save(kind, on)}
                  />
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
