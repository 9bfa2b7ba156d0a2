import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import type { GuardianChild } from '@portal/contracts';
import { LeavesBoard, RequestLeaveDialog } from '@portal/leaves';
import { PageHeader } from '@portal/ui';
import { useScreens } from '@portal/web-core';
import { ChildArea } from '../children/ChildArea';
import { useGuardianT } from '../i18n';

/** The chosen child's leave requests, and the guardian's own filing (with the child chosen, any of theirs). */
function ChildLeaves({ child, all }: { child: GuardianChild; all: GuardianChild[] }) {
  const { t } = useGuardianT();
  const phone = useScreens().sm === false;
  const [open, setOpen] = useState(false);
  return (
    <Flex vertical gap={16}>
      <div>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} block={phone} onClick={() => setOpen(true)}>
          {t('leaves.request')}
        </Button>
      </div>
      <LeavesBoard role="guardian" childId={child._id} />
      {/* Opened afresh each time, so its Child field starts on the child the page shows. */}
      {open && <RequestLeaveDialog open onClose={() => setOpen(false)} filingFor={{ all, chosen: child._id }} />}
    </Flex>
  );
}

/** A guardian's Leaves page: their chosen child's requests and decisions; filing a leave or absence note. */
export function ChildLeavesPage() {
  const { t } = useGuardianT();
  return (
    <>
      <PageHeader title={t('leaves.title')} subtitle={t('leaves.subtitle')} />
      <ChildArea>{(child, all) => <ChildLeaves key={child._id} child={child} all={all} />}</ChildArea>
    </>
  );
}
