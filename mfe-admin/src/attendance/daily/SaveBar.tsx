import { SaveOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useAdminT } from '../i18n';

/**
 * The count of unsaved changes and the Save button, in a bar that sticks to the bottom of the window while the
 * register scrolls, so that Save stays in reach on a long class. `canSave` is false while the day cannot be saved.
 */
export function SaveBar({
  unsaved,
  saving,
  canSave,
  onSave,
}: {
  unsaved: number;
  saving: boolean;
  canSave: boolean;
  onSave: () => void;
}) {
  const { token } = theme.useToken();
  const { t } = useAdminT();
  const dirty = unsaved > 0;
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A control reached by Tab is scrolled clear of the bar, never left behind it (WCAG 2.4.11).
    const root = document.documentElement;
    const room = () => (root.style.scrollPaddingBottom = `${(bar.current?.offsetHeight ?? 0) + 8}px`);
    room();
    const watch = new ResizeObserver(room);
    if (bar.current) watch.observe(bar.current);
    return () => {
      watch.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, []);
  return (
    <Flex
      ref={bar}
      role="region"
      aria-label={t('attendance.saveRegion')}
      data-testid="attendance-save-bar"
      justify="space-between"
      align="center"
      gap={8}
      wrap
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        marginTop: 12,
        padding: '10px 12px',
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.08)',
      }}
    >
      <Typography.Text type={dirty ? undefined : 'secondary'} strong={dirty}>
        {dirty ? t('attendance.unsaved', { count: unsaved }) : t('attendance.noUnsaved')}
      </Typography.Text>
      <Button
        type="primary"
        icon={<SaveOutlined aria-hidden />}
        onClick={onSave}
        loading={saving}
        disabled={saving || !dirty || !canSave}
      >
        {dirty ? t('attendance.saveCount', { count: unsaved }) : t('attendance.save')}
      </Button>
    </Flex>
  );
}
