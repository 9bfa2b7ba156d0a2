import { Button, Form, Input, Modal } from 'antd';
import { ErrorCode } from '@portal/contracts';
import { NewPasswordFields } from '@portal/ui';
import { errorMessage, notify, sessionActions, useAppDispatch, useChangePasswordMutation } from '@portal/web-core';
import { useShellT } from '../i18n';
import { passwordRules } from '../pages/rules';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** The signed-in user's own password: the current one is required; other sessions end, this one keeps going. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useShellT();
  const [form] = Form.useForm<Values>();
  const [change, { isLoading }] = useChangePasswordMutation();
  const dispatch = useAppDispatch();
  return (
    <Modal open={open} title={t('changePassword.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={async ({ currentPassword, newPassword }) => {
          try {
            const res = await change({ currentPassword, newPassword }).unwrap();
            dispatch(sessionActions.tokenReplaced(res.token));
            notify.success(t('changePassword.success'));
            onClose();
          } catch (e) {
            const text = errorMessage(e, t('changePassword.failed'), {
              [ErrorCode.WrongCurrentPassword]: t('common:validation.wrongCurrentPassword'),
            });
            if (e && (e as { data?: { code?: string } }).data?.code === ErrorCode.WrongCurrentPassword)
              form.setFields([{ name: 'currentPassword', errors: [text] }]);
            else notify.error(text);
          }
        }}
      >
        <Form.Item label={t('changePassword.current')} name="currentPassword" rules={passwordRules()}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          label={t('changePassword.newPassword')}
          confirm
          confirmLabel={t('changePassword.confirm')}
        />
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          {t('changePassword.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
