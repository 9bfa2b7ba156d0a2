import { Flex, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { GuardianChild } from '@portal/contracts';
import { EmptyState, LoadError } from '@portal/ui';
import { useGuardianT } from '../i18n';
import { ConsentRequest } from '../consent/ConsentRequest';
import { ChildSwitcher } from './ChildSwitcher';
import { useChosenChild } from './useChosenChild';

/**
 * The part of a guardian's page about one child: the child switcher (and the page's own `tools`, such as a month) on
 * top, then what `children` draws for the chosen child. Loading, a failed load and a guardian without children are
 * answered here, the same on every page.
 */
export function ChildArea({
  tools,
  children: render,
}: {
  tools?: ReactNode;
  /** What to draw for the chosen child; `all`: every child of the guardian, by name. */
  children: (child: GuardianChild, all: GuardianChild[]) => ReactNode;
}) {
  const { t } = useGuardianT();
  const { children: all, child, choose, isLoading, error, refetch } = useChosenChild();
  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (error) return <LoadError title={t('children.loadFailed')} onRetry={refetch} />;
  if (!child) return <EmptyState title={t('children.none')} />;
  return (
    <Flex vertical gap={20}>
      <ConsentRequest />
      <Flex wrap gap={16} align="flex-start">
        <ChildSwitcher all={all} child={child} onChoose={choose} />
        {tools}
      </Flex>
      {render(child, all)}
    </Flex>
  );
}
