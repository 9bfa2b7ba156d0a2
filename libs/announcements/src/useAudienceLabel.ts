import { useCallback } from 'react';
import type { AnnouncementResponse } from '@portal/contracts';
import { useAnnouncementsT } from './i18n';

/** Whom an announcement went to, in the current language: "Everyone", "Group: Science Club", "Class 9-A". */
export function useAudienceLabel(): (
  a: Pick<AnnouncementResponse, 'targetAudience' | 'targetGroup' | 'targetClass'>,
) => string {
  const { t } = useAnnouncementsT();
  return useCallback(
    (a) => {
      if (a.targetAudience === 'group') return t('audience.group', { name: a.targetGroup?.name ?? '' });
      if (a.targetAudience === 'class')
        return t('audience.class', { class: a.targetClass?.class ?? '', section: a.targetClass?.section ?? '' });
      return { all: t('audience.all'), mentees: t('audience.mentees'), mentors: t('audience.mentors') }[
        a.targetAudience
      ];
    },
    [t],
  );
}
