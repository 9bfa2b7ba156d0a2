import { FileOutlined } from '@ant-design/icons';
import { Flex, Input, Modal, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useChatT } from './i18n';

/**
 * A picked file before it is sent: the photo itself (or the document's name), a caption, and a way back. Nothing leaves
 * the device until Send; Cancel drops the file and keeps what was typed.
 */
export function AttachmentPreview({
  file,
  caption,
  onCaption,
  sending,
  onSend,
  onCancel,
}: {
  file: File | null;
  caption: string;
  onCaption: (caption: string) => void;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useChatT();
  const photo = !!file && file.type.startsWith('image/');
  const url = useMemo(() => (file && photo ? URL.createObjectURL(file) : null), [file, photo]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Modal
      open={!!file}
      title={photo ? t('preview.photoTitle') : t('preview.documentTitle')}
      okText={t('preview.send')}
      cancelText={t('preview.cancel')}
      confirmLoading={sending}
      onOk={onSend}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {url ? (
          <img
            src={url}
            alt={t('preview.photoAlt', { name: file?.name })}
            style={{ display: 'block', maxWidth: '100%', maxHeight: '50vh', margin: '0 auto', objectFit: 'contain' }}
          />
        ) : (
          <Typography.Text>
            <FileOutlined aria-hidden /> {file?.name}
          </Typography.Text>
        )}
        <Input.TextArea
          value={caption}
          onChange={(e) => onCaption(e.target.value)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={4000}
          aria-label={t('preview.caption')}
          placeholder={t('preview.captionPlaceholder')}
        />
      </Flex>
    </Modal>
  );
}
