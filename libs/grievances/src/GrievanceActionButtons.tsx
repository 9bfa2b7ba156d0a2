import { Button, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import {
  ErrorCode,
  GRIEVANCE_ADMIN_TRANSITIONS,
  GRIEVANCE_TRANSITIONS,
  type GrievanceResponse,
  PRESET_RESOLUTIONS,
  type Role,
} from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useActOnGrievanceMutation } from './grievancesApi';
import { useGrievancesT } from './i18n';

type Action = 'review' | 'resolve' | 'reject';

/** Review / Resolve (preset or custom resolution) / Reject, for the moves allowed from the grievance's status. */
export function GrievanceActionButtons({ grievance, viewer }: { grievance: GrievanceResponse; viewer: Role }) {
  const { t } = useGrievancesT();
  const [act, { isLoading }] = useActOnGrievanceMutation();
  const [dialog, setDialog] = useState<Action | null>(null);
  const [preset, setPreset] = useState<string>(PRESET_RESOLUTIONS[0]);
  const [custom, setCustom] = useState('');
  const [comments, setComments] = useState('');
  const admin = viewer === 'admin';
  const g = grievance;
  // Admins and mentors have different moves (SPEC.md section 4): an admin cannot reject once processing has started.
  const moves = (admin ? GRIEVANCE_ADMIN_TRANSITIONS : GRIEVANCE_TRANSITIONS)[g.status];
  if (!moves.length) return null;

  const run = async (action: Action) => {
    const resolution = action === 'resolve' ? (preset === 'custom' ? custom.trim() : preset) : undefined;
    if (action === 'resolve' && !resolution) return notify.error(t('actions.writeResolution'));
    const note = comments.trim() || undefined;
    const status = action === 'review' ? 'in-progress' : action === 'resolve' ? 'resolved' : 'rejected';
    try {
      await act({
        id: g._id,
        action,
        resolution,
        ...(admin ? { adminComments: note } : { mentorComments: note }),
      }).unwrap();
      const done = admin
        ? {
            'in-progress': t('actions.adminDone.in-progress'),
            resolved: t('actions.adminDone.resolved'),
            rejected: t('actions.adminDone.rejected'),
          }
        : {
            'in-progress': t('actions.done.in-progress'),
            resolved: t('actions.done.resolved'),
            rejected: t('actions.done.rejected'),
          };
      notify.success(done[status]);
      setDialog(null);
    } catch (e) {
      const byCode = {
        [ErrorCode.GrievanceTransitionNotAllowed]: t('actions.movedOn'),
      };
      const failed = {
        review: t('actions.failed.review'),
        resolve: t('actions.failed.resolve'),
        reject: t('actions.failed.reject'),
      };
      notify.error(errorMessage(e, admin ? t('actions.failedAdmin') : failed[action], byCode));
    }
  };
  // In the order of PRESET_RESOLUTIONS.
  const presets = [
    t('actions.presets.direct'),
    t('actions.presets.escalated'),
    t('actions.presets.policy'),
    t('actions.presets.satisfactory'),
  ];
  const open = (a: Action) => {
    setComments('');
    setCustom('');
    setPreset(PRESET_RESOLUTIONS[0]);
    setDialog(a);
  };
  return (
    <>
      {moves.includes('in-progress') && (
        <Button size="small" onClick={() => open('review')}>
          {admin ? t('actions.startProcessing') : t('actions.review')}
        </Button>
      )}
      {moves.includes('resolved') && (
        <Button size="small" type="primary" onClick={() => open('resolve')}>
          {t('actions.resolve')}
        </Button>
      )}
      {moves.includes('rejected') && (
        <Button size="small" danger onClick={() => open('reject')}>
          {t('actions.reject')}
        </Button>
      )}
      <Modal
        open={!!dialog}
        title={
          dialog === 'resolve'
            ? t('actions.resolveTitle')
            : dialog === 'reject'
              ? t('actions.rejectTitle')
              : admin
                ? t('actions.startTitle')
                : t('actions.reviewTitle')
        }
        okText={
          dialog === 'resolve' ? t('actions.resolve') : dialog === 'reject' ? t('actions.reject') : t('actions.confirm')
        }
        okButtonProps={{ danger: dialog === 'reject' }}
        onOk={() => dialog && run(dialog)}
        onCancel={() => setDialog(null)}
        confirmLoading={isLoading}
      >
        <Form layout="vertical">
          {dialog === 'resolve' && (
            <Form.Item label={t('actions.resolution')}>
              <Radio.Group
                value={preset}
                onChange={(e) => setPreset(e.target.value)}
                style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
                options={[
                  // The value stays the preset's English text (what is stored); the label is in the reader's language.
                  ...PRESET_RESOLUTIONS.map((r, i) => ({ value: r, label: presets[i] ?? r })),
                  { value: 'custom', label: t('actions.custom') },
                ]}
              />
              {preset === 'custom' && (
                <Input.TextArea
                  rows={2}
                  value={custom}
                  onChange={(e) => setCustom(e.target.value)}
                  placeholder={t('actions.describe')}
                  style={{ marginTop: 8 }}
                  aria-label={t('actions.customLabel')}
                />
              )}
            </Form.Item>
          )}
          <Form.Item label={t('actions.comments')}>
            <Input.TextArea
              rows={2}
              value={comments}
              onChange={(e) => setComments(e.target.value)}
              maxLength={2000}
              aria-label={t('actions.commentsLabel')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
