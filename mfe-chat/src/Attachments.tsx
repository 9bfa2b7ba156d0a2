import { FileOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Image } from 'antd';
import { useEffect, useState } from 'react';
import type { ChatAttachment, SendMessageRequest } from '@portal/contracts';
import { getToken } from '@portal/kit';

export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.txt';
export const MAX_ATTACHMENT_MB = 10;

/** Uploads a file for a conversation (fields first, then the file, as the API reads them). */
export async function uploadAttachment(conversationType: SendMessageRequest['conversationType'], conversationId: string, file: File): Promise<ChatAttachment> {
  const form = new FormData();
  form.append('conversationType', conversationType);
  form.append('conversationId', conversationId);
  form.append('file', file);
  const res = await fetch('/api/messages/attachments', { method: 'POST', body: form, headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(Array.isArray(body.message) ? body.message.join('; ') : body.message ?? 'Upload failed');
  return body as ChatAttachment;
}

/** Files are served only with the session's token, so they are fetched and shown from a local object URL. */
function useFileUrl(id: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    fetch(`/api/messages/attachments/${id}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((blob) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return url;
}

export function AttachmentView({ attachment }: { attachment: ChatAttachment }) {
  const url = useFileUrl(attachment._id);
  if (attachment.kind === 'image') {
    return url ? <Image src={url} alt={attachment.fileName} style={{ maxWidth: 240, maxHeight: 200, borderRadius: 8, display: 'block' }} /> : <LoadingOutlined />;
  }
  return (
    <Button size="small" icon={<FileOutlined />} href={url ?? undefined} download={attachment.fileName} disabled={!url} style={{ margin: '4px 0' }}>
      {attachment.fileName} ({Math.max(1, Math.round(attachment.size / 1024))} KB)
    </Button>
  );
}
