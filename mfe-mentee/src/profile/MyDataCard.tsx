import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { api, errorMessage, notify, useScreens } from '@portal/web-core';
import { useMenteeT } from '../i18n';

/** A student takes all their data away: one JSON file, or the same as a readable PDF. */
export function MyDataCard() {
  const { t } = useMenteeT();
  const phone = useScreens().sm === false;
  const [fetchFile] = api.useDownloadFileMutation();
  const [busy, setBusy] = useState<'json' | 'pdf' | null>(null);
  const download = async (kind: 'json' | 'pdf') => {
    setBusy(kind);
    try {
      const url = await fetchFile({ url: kind === 'pdf' ? '/me/data-export/pdf' : '/me/data-export' }).unwrap();
      const a = document.createElement('a');
      a.href = url;
      a.download = `my-data.${kind}`;
      a.click();
      // Give the browser the moment it needs to start the download.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      notify.error(errorMessage(e, t('profile.data.failed')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title={t('profile.data.title')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('profile.data.help')}</Typography.Paragraph>
      <Flex gap={8} wrap vertical={phone}>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={busy === 'pdf'}
          onClick={() => download('pdf')}
          block={phone}
        >
          {t('profile.data.pdf')}
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={busy === 'json'}
          onClick={() => download('json')}
          block={phone}
        >
          {t('profile.data.json')}
        </Button>
      </Flex>
    </Card>
  );
}
