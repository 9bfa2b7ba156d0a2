import { Flex, Skeleton, Tag } from 'antd';
import type { ConsentDecision } from '@portal/contracts';
import { LoadError, Text } from '@portal/ui';
import { useFormat } from '@portal/web-core';
import { useConsentRecordsQuery } from '../adminApi';
import { useAdminT } from './i18n';

const COLOR: Record<ConsentDecision, string> = { given: 'green', refused: 'default', withdrawn: 'orange' };

/** Every consent answer given for a student, newest first: who, what, for which notice version, when and from where. */
export function ConsentRecords({ menteeId }: { menteeId: string }) {
  const { t } = useAdminT();
  const f = useFormat();
  const { data, isLoading, error, refetch } = useConsentRecordsQuery(menteeId, { refetchOnMountOrArgChange: true });
  return (
    <Flex vertical gap={8} role="group" aria-labelledby="consent-records-heading" data-testid="consent-records">
      <Text strong id="consent-records-heading">
        {t('privacy.consents.title')}
      </Text>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : error || !data ? (
        <LoadError title={t('privacy.consents.loadFailed')} onRetry={refetch} />
      ) : !data.length ? (
        <Text type="secondary">{t('privacy.consents.none')}</Text>
      ) : (
        <Flex vertical gap={8} role="list">
          {data.map((r) => (
            <Flex key={r._id} role="listitem" vertical gap={2}>
              <span>
                <Tag color={COLOR[r.decision]}>{t(`privacy.consents.decision.${r.decision}`)}</Tag>
                <Text>
                  {t('privacy.consents.line', {
                    name: r.guardianName || r.guardianEmail,
                    version: r.noticeVersion,
                  })}
                </Text>
              </span>
              <Text type="secondary">
                {r.ipAddress
                  ? t('privacy.consents.when', { date: f.dateTime(r.createdAt), address: r.ipAddress })
                  : t('privacy.consents.whenNoAddress', { date: f.dateTime(r.createdAt) })}
              </Text>
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
