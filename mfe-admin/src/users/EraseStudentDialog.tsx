import { Alert, Flex, Modal, Skeleton, Tag, Typography } from 'antd';
import type { DeleteUserResponse, ErasureHolds, ErasureMention } from '@portal/contracts';
import { LoadError } from '@portal/ui';
import { errorMessage, notify, useFormat } from '@portal/web-core';
import { useDeleteUserMutation, useErasurePreviewQuery } from '../adminApi';
import { useAdminT } from './i18n';

type T = ReturnType<typeof useAdminT>['t'];
const HOLDS: (keyof ErasureHolds)[] = ['openGrievances', 'withheldGrievances', 'safeguardingReports', 'keptChats'];

/** "2 open grievances, …, 1 safeguarding report": what a legal hold keeps, by count only. */
export function heldList(holds: ErasureHolds, t: T): string[] {
  return HOLDS.filter((k) => holds[k] > 0).map((k) => t(`users.erase.held.${k}`, { count: holds[k] }));
}

function Mention({ mention }: { mention: ErasureMention }) {
  const { t } = useAdminT();
  const f = useFormat();
  return (
    <li data-testid="erasure-mention" style={{ listStyle: 'none' }}>
      <Flex gap={8} wrap align="baseline">
        <Tag style={{ marginInlineEnd: 0 }}>{t(`users.erase.kinds.${mention.kind}`)}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <time dateTime={mention.createdAt}>{f.dateTime(mention.createdAt)}</time>
        </Typography.Text>
      </Flex>
      <Typography.Paragraph style={{ margin: '2px 0 0', overflowWrap: 'anywhere' }}>
        {mention.excerpt}
      </Typography.Paragraph>
    </li>
  );
}

/**
 * The admin's Delete of a student is erasure on request: before confirming, the dialog lists what legal holds keep
 * (counts; withheld grievances never named) and others' writing that names the student, for the admin to review.
 */
export function EraseStudentDialog({
  student,
  onClose,
}: {
  student: { _id: string; fullName: string };
  onClose: (erased?: DeleteUserResponse) => void;
}) {
  const { t } = useAdminT();
  const preview = useErasurePreviewQuery(student._id);
  const [erase, erasing] = useDeleteUserMutation();
  const data = preview.data;

  const onErase = async () => {
    try {
      const res = await erase(student._id).unwrap();
      const held = res.held ? heldList(res.held, t) : [];
      notify.success(
        held.length
          ? t('users.erase.doneHeld', { name: student.fullName, list: held.join(', ') })
          : t('users.erase.done', { name: student.fullName }),
      );
      onClose(res);
    } catch (e) {
      notify.error(errorMessage(e, t('users.erase.failed')));
    }
  };

  const held = data ? heldList(data.holds, t) : [];
  return (
    <Modal
      open
      width={640}
      title={t('users.erase.title', { name: student.fullName })}
      okText={t('users.erase.confirm')}
      okButtonProps={{ danger: true, loading: erasing.isLoading, disabled: !data }}
      cancelText={t('users.erase.cancel')}
      onOk={onErase}
      onCancel={() => onClose()}
    >
      <Flex vertical gap={16}>
        <Alert type="warning" showIcon title={t('users.erase.intro')} />
        {preview.error && !data ? (
          <LoadError title={errorMessage(preview.error, t('users.erase.loadFailed'))} onRetry={preview.refetch} />
        ) : !data ? (
          <div aria-busy="true" aria-label={t('users.erase.loading')}>
            <Skeleton active paragraph={{ rows: 4 }} />
          </div>
        ) : (
          <>
            <section aria-labelledby="erase-held">
              <Typography.Title level={5} id="erase-held" style={{ marginTop: 0 }}>
                {t('users.erase.heldTitle')}
              </Typography.Title>
              {held.length ? (
                <ul data-testid="erasure-holds" style={{ margin: 0, paddingInlineStart: 20 }}>
                  {held.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : (
                <Typography.Text type="secondary">{t('users.erase.heldNone')}</Typography.Text>
              )}
            </section>
            <section aria-labelledby="erase-mentions">
              <Typography.Title level={5} id="erase-mentions" style={{ marginTop: 0 }}>
                {t('users.erase.mentionsTitle')}
              </Typography.Title>
              {data.mentions.length ? (
                <>
                  <Typography.Paragraph type="secondary">{t('users.erase.mentionsNote')}</Typography.Paragraph>
                  <ul
                    style={{
                      margin: 0,
                      padding: 0,
                      display: 'flex',
                      flexDirection: 'column',
                      gap: 12,
                      maxHeight: 320,
                      overflowY: 'auto',
                    }}
                    tabIndex={0}
                    aria-label={t('users.erase.mentionsTitle')}
                  >
                    {data.mentions.map((m) => (
                      <Mention key={`${m.kind}:${m.id}`} mention={m} />
                    ))}
                  </ul>
                  {data.mentionsTotal > data.mentions.length && (
                    <Typography.Text type="secondary">
                      {t('users.erase.mentionsMore', { shown: data.mentions.length, total: data.mentionsTotal })}
                    </Typography.Text>
                  )}
                </>
              ) : (
                <Typography.Text type="secondary">{t('users.erase.mentionsNone')}</Typography.Text>
              )}
            </section>
          </>
        )}
      </Flex>
    </Modal>
  );
}
