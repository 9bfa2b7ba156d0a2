import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Card, List, Tag } from 'antd';
import { errorStatus, useSocket } from '@portal/web-core';
import type { useHealthQuery } from '../adminApi';
import { useAdminT } from './i18n';
import { useConnected } from './useConnected';

type T = ReturnType<typeof useAdminT>['t'];
type HealthState = ReturnType<typeof useHealthQuery>;

const chat = (connected: boolean, t: T) => ({
  label: t('analytics.health.chat'),
  ok: connected,
  text: connected ? t('analytics.health.active') : t('analytics.health.disconnected'),
});

/** Live figures: the server and database from GET /health, the chat from the socket. `ok` null = still checking. */
function systemHealth(
  health: HealthState,
  connected: boolean,
  t: T,
): { label: string; ok: boolean | null; text: string }[] {
  if (health.isLoading)
    return [
      { label: t('analytics.health.server'), ok: null, text: t('analytics.health.checking') },
      { label: t('analytics.health.database'), ok: null, text: t('analytics.health.checking') },
      chat(connected, t),
    ];
  // A 503 comes from a running server whose database is down; no status at all means the server did not answer.
  const serverUp = !health.isError || typeof errorStatus(health.error) === 'number';
  const db = health.isError ? undefined : health.data?.database;
  return [
    {
      label: t('analytics.health.server'),
      ok: serverUp,
      text: serverUp ? t('analytics.health.online') : t('analytics.health.unreachable'),
    },
    {
      label: t('analytics.health.database'),
      ok: db?.status === 'up',
      text:
        db?.status === 'up' ? t('analytics.health.connected', { type: db.type }) : t('analytics.health.disconnected'),
    },
    chat(connected, t),
  ];
}

/** The server, the database and the chat, each up, down or still being checked. */
export function SystemHealthCard({ health }: { health: HealthState }) {
  const { t } = useAdminT();
  const connected = useConnected(useSocket());
  return (
    <Card title={t('analytics.health.title')} style={{ height: '100%' }}>
      <List
        size="small"
        dataSource={systemHealth(health, connected, t)}
        renderItem={(i) => (
          <List.Item
            extra={
              <Tag
                icon={
                  i.ok === null ? (
                    <SyncOutlined aria-hidden spin />
                  ) : i.ok ? (
                    <CheckCircleOutlined aria-hidden />
                  ) : (
                    <CloseCircleOutlined aria-hidden />
                  )
                }
                color={i.ok === null ? 'processing' : i.ok ? 'success' : 'error'}
              >
                {i.text}
              </Tag>
            }
          >
            {i.label}
          </List.Item>
        )}
      />
    </Card>
  );
}
