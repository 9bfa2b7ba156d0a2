import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, theme } from 'antd';
import { useScreens } from '@portal/web-core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { srOnly, TOUCH_PX } from '@portal/ui';
import { useNotificationsT } from './i18n';
import { useUnreadCountQuery } from './notificationsApi';

// Every signed-in page shows the bell; its list downloads when it is first opened, and so does the phone's drawer
// (antd's Drawer brings the form library with it, which no dashboard should pay for).
const NotificationPanel = lazy(() => import('./NotificationPanel').then((m) => ({ default: m.NotificationPanel })));
const BellDrawer = lazy(() => import('./BellDrawer').then((m) => ({ default: m.BellDrawer })));

/** What the bell is called: its visible count, and what it is. */
/** Without a count yet (still loading, or it failed) the bell claims none: "none unread" would be a guess. */
export const bellLabel = (t: ReturnType<typeof useNotificationsT>['t'], unread: number | undefined) =>
  unread === undefined ? t('bell.labelUnknown') : unread > 0 ? t('bell.label', { count: unread }) : t('bell.labelNone');

/**
 * The header's bell: the unread count, kept live by the socket, and the newest notifications in a popover (a
 * full-width drawer on phones), each linking to its record; "Mark all read" and "See all".
 */
export function NotificationBell() {
  const { token } = theme.useToken();
  const { t } = useNotificationsT();
  const phone = useScreens().md === false;
  const [open, setOpen] = useState(false);
  // The phone's drawer is mounted from its first opening on, so that closing animates.
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { data } = useUnreadCountQuery();
  const unread = data?.unreadCount ?? 0;
  const arrived = useArrivals(unread);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const panel = (
    <Suspense fallback={<div style={{ padding: 16, width: phone ? undefined : 380 }}>{t('bell.loading')}</div>}>
      <NotificationPanel open={open} unread={unread} onClose={close} phone={phone} />
    </Suspense>
  );
  const bell = (
    <Button
      ref={button}
      type="text"
      aria-label={bellLabel(t, data?.unreadCount)}
      aria-expanded={open}
      aria-haspopup="dialog"
      // On a desktop the popover opens and closes itself on click (onOpenChange).
      onClick={
        phone
          ? () => {
              setUsed(true);
              setOpen(true);
            }
          : undefined
      }
      style={{ width: TOUCH_PX, height: TOUCH_PX, flexShrink: 0, padding: 0 }}
    >
      <Badge count={unread} overflowCount={99} size="small" offset={[2, -2]}>
        <BellOutlined aria-hidden style={{ fontSize: 20 }} />
      </Badge>
    </Button>
  );
  return (
    <>
      {phone ? (
        <>
          {bell}
          {used && (
            <Suspense fallback={null}>
              <BellDrawer open={open} onClose={() => setOpen(false)} onClosed={() => button.current?.focus()}>
                {panel}
              </BellDrawer>
            </Suspense>
          )}
        </>
      ) : (
        <Popover
          open={open}
          onOpenChange={setOpen}
          trigger="click"
          placement="bottomRight"
          arrow={false}
          content={panel}
          // A border as well as the shadow: in the dark theme the shadow alone hardly sets it off from the page.
          styles={{ container: { padding: 0, border: `1px solid ${token.colorBorder}`, overflow: 'hidden' } }}
        >
          {bell}
        </Popover>
      )}
      <span role="status" style={srOnly}>
        {arrived !== null && t('bell.arrived', { count: arrived })}
      </span>
    </>
  );
}

/** The unread count when it last went up (a new one arrived), to say "N unread notifications" to screen readers. */
function useArrivals(unread: number) {
  const previous = useRef<number | null>(null);
  const [arrived, setArrived] = useState<number | null>(null);
  useEffect(() => {
    if (previous.current !== null && unread > previous.current) setArrived(unread);
    previous.current = unread;
  }, [unread]);
  return arrived;
}
