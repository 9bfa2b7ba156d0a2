import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Timeline,
  Skeleton,
  Tag,
  Typography,
  type DescriptionsProps,
} from 'antd';
import type { RemoteBuildInfo, RemoteDeploymentResponse, RemoteStatusResponse } from '@portal/contracts';
import { PageHeader } from '@portal/ui';
import { errorMessage, Trans, useFormat } from '@portal/web-core';
import { useRemotesQuery } from '../adminApi';
import { useAdminT } from './i18n';

const STATE_COLOR: Record<RemoteDeploymentResponse['state'], string> = {
  current: 'green',
  earlier: 'gray',
  rolledBack: 'orange',
};

/** A URL or commit in code style, wrapping anywhere so a long address never widens a phone's screen. */
function Code({ children }: { children: string }) {
  return (
    <Typography.Text code style={{ wordBreak: 'break-all' }}>
      {children}
    </Typography.Text>
  );
}

/** What a build says of itself, as description items: version, commit, build time and contracts ("not known" if unsaid). */
function useBuildItems(build: RemoteBuildInfo | null): DescriptionsProps['items'] {
  const { t } = useAdminT();
  const f = useFormat();
  if (!build) return [];
  const unknown = <Typography.Text type="secondary">{t('deployments.unknown')}</Typography.Text>;
  return [
    { key: 'version', label: t('deployments.version'), children: build.version ?? unknown },
    { key: 'commit', label: t('deployments.commit'), children: build.commit ? <Code>{build.commit}</Code> : unknown },
    { key: 'built', label: t('deployments.built'), children: build.builtAt ? f.dateTime(build.builtAt) : unknown },
    { key: 'contracts', label: t('deployments.contracts'), children: build.contractsVersion ?? unknown },
  ];
}

/** One remote: what serves it now, then its latest deployments. */
function RemoteCard({ remote }: { remote: RemoteStatusResponse }) {
  const { t } = useAdminT();
  const f = useFormat();
  const name = t(`deployments.remotes.${remote.remote}`, { defaultValue: remote.remote });
  const titleId = `deployments-${remote.remote}`;
  const buildItems = useBuildItems(remote.build);
  return (
    <Card
      title={
        <Flex gap={8} wrap align="center">
          <span id={titleId}>{name}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {remote.remote}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Tag color={remote.source === 'registry' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
          {t(`deployments.source.${remote.source}`)}
        </Tag>
      }
      aria-labelledby={titleId}
      role="region"
    >
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        items={[
          { key: 'entry', label: t('deployments.servedFrom'), span: 'filled', children: <Code>{remote.entry}</Code> },
          ...(buildItems ?? []),
        ]}
      />
      {!remote.build && <Alert type="warning" showIcon title={t('deployments.noVersion')} style={{ marginTop: 8 }} />}
      <Typography.Title level={4} style={{ marginTop: 16, fontSize: 16 }}>
        {remote.deploymentCount
          ? t('deployments.historyCount', { count: remote.deploymentCount })
          : t('deployments.history')}
      </Typography.Title>
      {remote.deployments.length === 0 ? (
        <Typography.Text type="secondary">{t('deployments.never')}</Typography.Text>
      ) : (
        <Timeline
          items={remote.deployments.map((d) => ({
            key: `${d.createdAt}-${d.entry}`,
            color: STATE_COLOR[d.state],
            content: (
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Flex gap={8} wrap align="center">
                  <Tag color={STATE_COLOR[d.state]} style={{ marginInlineEnd: 0 }}>
                    {t(`deployments.states.${d.state}`)}
                  </Tag>
                  {d.build?.version && <Typography.Text strong>{d.build.version}</Typography.Text>}
                  {d.build?.commit && <Code>{d.build.commit}</Code>}
                </Flex>
                <Code>{d.entry}</Code>
                <Typography.Text type="secondary">
                  {t('deployments.setBy', { when: f.dateTime(d.createdAt), who: d.setBy })}
                  {d.rolledBackAt && ` · ${t('deployments.rolledBackAt', { when: f.dateTime(d.rolledBackAt) })}`}
                </Typography.Text>
                {!d.build && <Typography.Text type="warning">{t('deployments.noVersion')}</Typography.Text>}
              </Flex>
            ),
          }))}
        />
      )}
      {remote.deploymentCount > remote.deployments.length && (
        <Typography.Text type="secondary">
          {t('deployments.latestOnly', { shown: remote.deployments.length, count: remote.deploymentCount })}
        </Typography.Text>
      )}
    </Card>
  );
}

/** Which build of each remote is served and each one's history; deployments themselves are made with the command. */
export function DeploymentsPage() {
  const { t } = useAdminT();
  const { data, error, isLoading, isFetching, refetch } = useRemotesQuery();
  return (
    <>
      <PageHeader
        title={t('deployments.title')}
        subtitle={t('deployments.subtitle')}
        extra={
          <Button
            icon={<ReloadOutlined aria-hidden />}
            loading={isFetching && !isLoading}
            onClick={() => void refetch()}
          >
            {t('deployments.refresh')}
          </Button>
        }
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('deployments.howTitle')}
        description={
          <Trans
            t={t}
            i18nKey="deployments.howText"
            components={{ code: <Typography.Text code style={{ wordBreak: 'break-all' }} /> }}
          />
        }
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(error, t('deployments.loadFailed'))}
          action={<Button onClick={() => void refetch()}>{t('deployments.retry')}</Button>}
        />
      ) : isLoading || !data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : data.remotes.length === 0 ? (
        <Empty />
      ) : (
        <Flex vertical gap={16}>
          {data.remotes.map((r) => (
            <RemoteCard key={r.remote} remote={r} />
          ))}
        </Flex>
      )}
    </>
  );
}
