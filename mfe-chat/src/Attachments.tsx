import { FileOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Flex, Image } from 'antd';
import { useEffect, useState } from 'react';
import type { ChatAttachment } from '@portal/contracts';
import { api, useFormat } from '@portal/web-core';
import { useChatT } from './i18n';

export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.txt';
export const MAX_ATTACHMENT_MB = 10;

/** Files are served only with the session's token, so they are fetched and shown from a local object URL. */
function useFileUrl(id: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const [fetchFile] = api.useDownloadFileMutation();
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    fetchFile({ url: `/messages/attachments/${id}` })
      .unwrap()
      .then((fileUrl) => {
        if (revoked) URL.revokeObjectURL(fileUrl);
        else setUrl((objectUrl = fileUrl));
      })
      .catch(() => setUrl(null));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, fetchFile]);
  return url;
}

export function AttachmentView({ attachment }: { attachment: ChatAttachment }) {
  const { t } = useChatT();
  const f = useFormat();
  const url = useFileUrl(attachment._id);
  if (attachment.kind === 'image') {
    return url ? (
      <Image
        src={url}
        alt={attachment.fileName}
        style={{ maxWidth: 'min(240px, 100%)', maxHeight: 200, borderRadius: 8, display: 'block' }}
      />
    ) : (
      // Room for the picture while it downloads, so the thread moves less when it appears.
      <Flex
        align="center"
        justify="center"
        aria-label={t('attachments.loading', { name: attachment.fileName })}
        style={{ width: 200, maxWidth: '100%', height: 150, borderRadius: 8, background: 'rgba(127, 127, 127, 0.15)' }}
      >
        <LoadingOutlined aria-hidden />
      </Flex>
    );
  }
  return (
    <Button
      size="small"
      icon={<FileOutlined aria-hidden />}
      href={url ?? undefined}
      download={attachment.fileName}
      disabled={!url}
      // A long file name wraps inside the bubble instead of pushing it past the screen's edge.
      style={{
        margin: '4px 0',
        maxWidth: '100%',
        height: 'auto',
        minHeight: 32,
        whiteSpace: 'normal',
        textAlign: 'left',
      }}
    >
      {t('attachments.file', {
        name: attachment.fileName,
        kb: f.number(Math.max(1, Math.round(attachment.size / 1024))),
      })}
    </Button>
  );
}
