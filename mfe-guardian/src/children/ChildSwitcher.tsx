import { Flex, Select } from 'antd';
import { useId } from 'react';
import type { GuardianChild } from '@portal/contracts';
import { Text } from '@portal/ui';
import { useScreens } from '@portal/web-core';
import { useGuardianT } from '../i18n';

/** Which child the page shows: a labelled choice among several, the name alone for an only child. */
export function ChildSwitcher({
  all,
  child,
  onChoose,
}: {
  /** Every child of the guardian, by name. */
  all: GuardianChild[];
  child: GuardianChild;
  onChoose: (id: string) => void;
}) {
  const { t } = useGuardianT();
  const id = useId();
  const phone = useScreens().sm === false;
  const details = t('children.details', { class: child.class, section: child.section, studentId: child.studentId });
  return (
    <Flex vertical gap={4} style={{ width: phone ? '100%' : 280 }} data-testid="child-switcher">
      {all.length > 1 ? (
        <>
          <label htmlFor={id}>
            <Text strong>{t('children.label')}</Text>
          </label>
          <Select
            id={id}
            value={child._id}
            onChange={onChoose}
            options={all.map((c) => ({ value: c._id, label: c.fullName }))}
            style={{ width: '100%' }}
          />
        </>
      ) : (
        <>
          <Text strong>{t('children.label')}</Text>
          <Text data-testid="child-name">{child.fullName}</Text>
        </>
      )}
      <Text type="secondary" style={{ fontSize: 12 }}>
        {details}
      </Text>
    </Flex>
  );
}
