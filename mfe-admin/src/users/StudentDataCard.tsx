import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Radio, Typography } from 'antd';
import { useId, useState } from 'react';
import { errorMessage, notify, useDownloadFile, useScreens } from '@portal/web-core';
import { useAdminT } from './i18n';

type Requester = 'student' | 'guardian';

/**
 * On a student's editor: their data handed over on their own or a guardian's request, as JSON or a readable PDF
 * (audited with who asked). What they filed with their name withheld, not yet revealed, is left out.
 */
export function StudentDataCard({ studentId }: { studentId: string }) {
  const { t } = useAdminT();
  const phone = useScreens().sm === false;
  const download = useDownloadFile();
  const label = useId();
  const [requestedBy, setRequestedBy] = useState<Requester>('student');
  const [busy, setBusy] = useState<'json' | 'pdf' | null>(null);
  const save = async (kind: 'json' | 'pdf') => {
    setBusy(kind);
    try {
      const url = `/admin/mentees/${studentId}/data-export${kind === 'pdf' ? '/pdf' : ''}`;
      await download(url, { requestedBy }, `student-data-${studentId}.${kind}`);
    } catch (e) {
      notify.error(errorMessage(e, t('users.data.failed')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title={t('users.data.title')} style={{ maxWidth: 960, marginTop: 16 }} data-testid="student-data">
      <Typography.Paragraph type="secondary">{t('users.data.help')}</Typography.Paragraph>
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center">
          <Typography.Text id={label}>{t('users.data.requestedBy')}</Typography.Text>
          <Radio.Group
            aria-labelledby={label}
            value={requestedBy}
            onChange={(e) => setRequestedBy(e.target.value as Requester)}
            options={[
              { value: 'student', label: t('users.data.student') },
              { value: 'guardian', label: t('users.data.guardian') },
            ]}
          />
        </Flex>
        <Flex gap={8} wrap vertical={phone}>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={busy === 'pdf'}
            onClick={() => save('pdf')}
            block={phone}
          >
            {t('users.data.pdf')}
          </Button>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={busy === 'json'}
            onClick={() => save('json')}
            block={phone}
          >
            {t('users.data.json')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
