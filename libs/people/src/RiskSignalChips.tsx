import { Flex, Tag } from 'antd';
import type { RiskSignal } from '@portal/contracts';
import { Text } from '@portal/ui';
import { usePeopleT } from './i18n';

/** Each signal as a chip with its evidence written out (a tooltip is not reachable on a phone). */
export function RiskSignalChips({ signals }: { signals: RiskSignal[] }) {
  const { t } = usePeopleT();
  return (
    <Flex vertical gap={4}>
      <Flex gap={4} wrap>
        {signals.map((s) => (
          <Tag key={s._id} color="volcano" style={{ marginInlineEnd: 0 }}>
            {t(`signal.${s.kind}`)}
          </Tag>
        ))}
      </Flex>
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {signals.map((s) => (
          <li key={s._id}>
            <Text type="secondary" style={{ fontSize: 12 }}>
              {s.evidence}
            </Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
