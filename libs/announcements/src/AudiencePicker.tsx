import { Select } from 'antd';
import { useMemo } from 'react';
import type { CreateAnnouncementRequest } from '@portal/contracts';
import { useAnnouncementsT } from './i18n';
import { useAudienceLabel } from './useAudienceLabel';

/** What the picker offers a mentor besides the role audiences: their active groups, their mentees' classes. */
export interface AudienceChoices {
  groups: { _id: string; name: string }[];
  /** The mentor's mentees (each one's class and section); each class and section is offered once. */
  mentees: { class: string; section: string }[];
}

type AudienceFields = Pick<CreateAnnouncementRequest, 'targetAudience' | 'groupId' | 'class' | 'section'>;

const GROUP = 'group:';
const CLASS = 'class:';
/** The height of one row of antd's option list (its default size). */
const ROW = 32;

/** The picker's value (`all`, `group:<id>`, `class:["9","A"]`) as the fields of the request that posts to it. */
export function audienceRequest(value: string): AudienceFields {
  if (value.startsWith(GROUP)) return { targetAudience: 'group', groupId: value.slice(GROUP.length) };
  if (value.startsWith(CLASS)) {
    const [className, section] = JSON.parse(value.slice(CLASS.length)) as [string, string];
    return { targetAudience: 'class', class: className, section };
  }
  return { targetAudience: value as 'all' | 'mentees' | 'mentors' };
}

/** Each class and section once, in order (9-A before 9-B before 10-A). */
export function classSections(mentees: AudienceChoices['mentees']): { class: string; section: string }[] {
  const seen = new Map<string, { class: string; section: string }>();
  for (const m of mentees)
    if (m.class) seen.set(JSON.stringify([m.class, m.section]), { class: m.class, section: m.section });
  const byText = new Intl.Collator('en', { numeric: true });
  return [...seen.values()].sort((a, b) => byText.compare(a.class, b.class) || byText.compare(a.section, b.section));
}

/**
 * The mentor's audience picker: everyone, mentees or mentors, one of their groups, or their mentees of one class and
 * section. A form control (value, onChange, id from Form.Item); the value becomes the request by `audienceRequest`.
 */
export function AudiencePicker({
  groups,
  mentees,
  value,
  onChange,
  loading,
  id,
}: AudienceChoices & { value?: string; onChange?: (value: string) => void; loading?: boolean; id?: string }) {
  const { t } = useAnnouncementsT();
  const label = useAudienceLabel();
  const options = useMemo(() => {
    const classes = classSections(mentees);
    return [
      {
        label: t('audience.byRole'),
        title: t('audience.byRole'),
        options: (['all', 'mentees', 'mentors'] as const).map((a) => ({
          value: a,
          label: label({ targetAudience: a, targetGroup: null, targetClass: null }),
        })),
      },
      ...(groups.length
        ? [
            {
              label: t('audience.groups'),
              title: t('audience.groups'),
              options: groups.map((g) => ({
                value: `${GROUP}${g._id}`,
                label: label({ targetAudience: 'group', targetGroup: g, targetClass: null }),
              })),
            },
          ]
        : []),
      ...(classes.length
        ? [
            {
              label: t('audience.classes'),
              title: t('audience.classes'),
              options: classes.map((c) => ({
                value: `${CLASS}${JSON.stringify([c.class, c.section])}`,
                label: label({ targetAudience: 'class', targetGroup: null, targetClass: c }),
              })),
            },
          ]
        : []),
    ];
  }, [groups, mentees, t, label]);
  // A mentor's few dozen choices at most: every option in the page (a virtual list renders only those in view), in a
  // list tall enough for 14 rows before it scrolls (a scrolling list box is reached by the arrow keys only, which axe
  // cannot tell). As wide as its longest group name (the field is half a card wide), never wider than the screen.
  const rows = options.reduce((n, group) => n + 1 + group.options.length, 0);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={loading}
      virtual={false}
      listHeight={Math.min(rows, 14) * ROW}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxWidth: 'calc(100vw - 16px)' } } }}
    />
  );
}
