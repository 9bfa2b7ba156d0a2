import { notification } from 'antd';
import { useEffect } from 'react';
import { MAX_NOTICES, setNoticeApi } from './notify';

/** Where the notices render (inside the shell's ConfigProvider, so they follow the theme); loaded with the first one. */
export default function NoticeHolder() {
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: MAX_NOTICES });
  useEffect(() => {
    setNoticeApi(api);
    return () => setNoticeApi(null);
  }, [api]);
  return holder;
}
