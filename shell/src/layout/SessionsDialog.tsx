import { DesktopOutlined, GlobalOutlined, MobileOutlined, TabletOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Skeleton, Tag, Typography } from 'antd';
import type { SessionPlatform, SessionResponse } from '@portal/contracts';
import { LoadError } from '@portal/ui';
import { errorMessage, notify, useFormat } from '@portal/web-core';
import { useShellT } from '../i18n';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessionsQuery } from './sessionsApi';

const PLATFORM_ICON: Record<SessionPlatform, typeof DesktopOutlined> = {
  desktop: DesktopOutlined,
  mobile: MobileOutlined,
  tablet: TabletOutlined,
  unknown: GlobalOutlined,
};

/** "Chrome on Android", or as much of it as the browser said. */
function useDevice() {
  const { t } = useShellT();
  return (s: SessionResponse) =>
    s.browser && s.os
      ? t('sessions.device', { browser: s.browser, os: s.os })
      : (s.browser ?? s.os ?? t('sessions.unknownDevice'));
}

function Session({ session, onEnd, ending }: { session: SessionResponse; onEnd: () => void; ending: boolean }) {
  const { t } = useShellT();
  const f = useFormat();
  const device = useDevice()(session);
  const Icon = PLATFORM_ICON[session.platform];
  return (
    <li data-testid="session" style={{ listStyle: 'none', paddingBlock: 10 }}>
      <Flex gap={12} align="start">
        <Icon aria-hidden style={{ fontSize: 22, marginTop: 2 }} />
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} wrap align="baseline">
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {device}
            </Typography.Text>
            {session.current && (
              <Tag color="green" style={{ marginInlineEnd: 0 }}>
                {t('sessions.thisDevice')}
              </Tag>
            )}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('sessions.lastUsed')} <time dateTime={session.lastUsedAt}>{f.dateTime(session.lastUsedAt)}</time>
            {session.address && (
              <>
                {' · '}
                {t('sessions.address', { address: session.address })}
              </>
            )}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('sessions.signedIn')} <time dateTime={session.signedInAt}>{f.dateTime(session.signedInAt)}</time>
          </Typography.Text>
        </Flex>
        {!session.current && (
          <Button onClick={onEnd} loading={ending}>
            {t('sessions.end')}
            <span className="sr-only"> {device}</span>
          </Button>
        )}
      </Flex>
    </li>
  );
}

/**
 * The caller's signed-in devices: each with its browser and system, address and last use (written at most once a
 * minute), this one first; any other ends at once (its pages go back to sign-in, its live updates stop).
 */
export function SessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useShellT();
  const q = useSessionsQuery(undefined, { skip: !open });
  const [end, ending] = useEndSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSessionsMutation();
  const others = q.data?.sessions.filter((s) => !s.current).length ?? 0;

  const endOne = async (s: SessionResponse) => {
    try {
      await end(s.id).unwrap();
      notify.success(t('sessions.ended'));
    } catch (e) {
      notify.error(errorMessage(e, t('sessions.endFailed')));
      void q.refetch();
    }
  };
  const endAllOthers = async () => {
    try {
      await endOthers().unwrap();
      notify.success(t('sessions.endedOthers'));
    } catch (e) {
      notify.error(errorMessage(e, t('sessions.endFailed')));
    }
  };

  return (
    <Modal
      open={open}
      title={t('sessions.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        others > 0 ? (
          <Button danger onClick={endAllOthers} loading={endingOthers.isLoading} block>
            {t('sessions.endOthers')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('sessions.explain')}</Typography.Paragraph>
      {q.isError ? (
        <LoadError title={errorMessage(q.error, t('sessions.loadFailed'))} onRetry={q.refetch} />
      ) : !q.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <ul
          aria-label={t('sessions.listLabel')}
          aria-busy={q.isFetching}
          style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column' }}
        >
          {q.data.sessions.map((s) => (
            <Session
              key={s.id}
              session={s}
              onEnd={() => void endOne(s)}
              ending={ending.isLoading && ending.originalArgs === s.id}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}
