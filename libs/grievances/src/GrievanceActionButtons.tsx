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
import { grievanceStatusLabel } from './GrievanceStatusTag';
import { useActOnGrievanceMutation } from './grievancesApi';

type Action = 'review' | 'resolve' | 'reject';

/** Review / Resolve (preset or custom resolution) / Reject, for the moves allowed from the grievance's status. */
export function GrievanceActionButtons({ grievance, viewer }: { grievance: GrievanceResponse; viewer: Role }) {
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
    if (action === 'resolve' && !resolution) return notify.error('Write the resolution');
    const note = comments.trim() || undefined;
    const status = action === 'review' ? 'in-progress' : action === 'resolve' ? 'resolved' : 'rejected';
    try {
      await act({
        id: g._id,
        action,
        resolution,
        ...(admin ? { adminComments: note } : { mentorComments: note }),
      }).unwrap();
      notify.success(
        admin
          ? `Grievance ${status === 'in-progress' ? 'in progress' : status}`
          : `Grievance ${status === 'in-progress' ? grievanceStatusLabel('in-progress', viewer).toLowerCase() : status}!`,
      );
      setDialog(null);
    } catch (e) {
      const byCode = {
        [ErrorCode.GrievanceTransitionNotAllowed]:
          'This grievance has moved on since you opened it. The list now shows its status.',
      };
      notify.error(
        errorMessage(e, admin ? 'Failed to update grievance status' : `Failed to ${action} grievance`, byCode),
      );
    }
  };
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
          {admin ? 'Start Processing' : 'Review'}
        </Button>
      )}
      {moves.includes('resolved') && (
        <Button size="small" type="primary" onClick={() => open('resolve')}>
          Resolve
        </Button>
      )}
      {moves.includes('rejected') && (
        <Button size="small" danger onClick={() => open('reject')}>
          Reject
        </Button>
      )}
      <Modal
        open={!!dialog}
        title={
          dialog === 'resolve'
            ? 'Resolve grievance'
            : dialog === 'reject'
              ? 'Reject grievance'
              : admin
                ? 'Start processing'
                : 'Mark as In Review'
        }
        okText={dialog === 'resolve' ? 'Resolve' : dialog === 'reject' ? 'Reject' : 'Confirm'}
        okButtonProps={{ danger: dialog === 'reject' }}
        onOk={() => dialog && run(dialog)}
        onCancel={() => setDialog(null)}
        confirmLoading={isLoading}
      >
        <Form layout="vertical">
          {dialog === 'resolve' && (
            <Form.Item label="Resolution">
              <Radio.Group
                value={preset}
                onChange={(e) => setPreset(e.target.value)}
                style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
                options={[
                  ...PRESET_RESOLUTIONS.map((r) => ({ value: r, label: r })),
                  { value: 'custom', label: 'Custom' },
                ]}
              />
              {preset === 'custom' && (
                <Input.TextArea
                  rows={2}
                  value={custom}
                  onChange={(e) => setCustom(e.target.value)}
                  placeholder="Describe the resolution"
                  style={{ marginTop: 8 }}
                  aria-label="Custom resolution"
                />
              )}
            </Form.Item>
          )}
          <Form.Item label="Comments (optional)">
            <Input.TextArea
              rows={2}
              value={comments}
              onChange={(e) => setComments(e.target.value)}
              maxLength={2000}
              aria-label="Comments"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
