import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { notification, theme } from 'antd';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import { useEffect, useMemo, type ReactNode } from 'react';
import { MAX_NOTICES, setNoticeApi } from './notify';

/** Where the notices render (inside the shell's ConfigProvider, so they follow the theme); loaded with the first one. */
export default function NoticeHolder({ container }: { container: HTMLElement }) {
  const [api, holder] = notification.useNotification({
    placement: 'topRight',
    maxCount: MAX_NOTICES,
    getContainer: () => container,
  });
  const { token } = theme.useToken();
  // antd's own icons are named in English ("check-circle"), read out before the notice's text: these are hidden.
  const withIcons = useMemo((): NotificationInstance => {
    const typed = (open: (args: ArgsProps) => void, icon: ReactNode) => (args: ArgsProps) => open({ icon, ...args });
    return {
      ...api,
      success: typed(api.success, <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />),
      error: typed(api.error, <CloseCircleFilled aria-hidden style={{ color: token.colorError }} />),
      info: typed(api.info, <InfoCircleFilled aria-hidden style={{ color: token.colorInfo }} />),
      warning: typed(api.warning, <ExclamationCircleFilled aria-hidden style={{ color: token.colorWarning }} />),
    };
  }, [api, token]);
  useEffect(() => {
    setNoticeApi(withIcons);
    return () => setNoticeApi(null);
  }, [withIcons]);
  return holder;
}
