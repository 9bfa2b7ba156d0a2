import { notification } from 'antd';
import { useEffect } from 'react';
import { MAX_NOTICES, setNoticeApi } from './notify';

/** Where the notices render (inside the shell's ConfigProvider, so they follow the theme); loaded with the first one. */
export default function NoticeHolder({ container }: { container: HTMLElement }) {
  const [api, holder] = notification.useNotification({
    placement: 'topRight',
    maxCount: MAX_NOTICES,
    getContainer: () => container,
  });
  useEffect(() => {
    setNoticeApi(api);
    return () => setNoticeApi(null);
  }, [api]);
  return holder;
}
