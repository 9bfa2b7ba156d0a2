import { useCallback, useMemo, useState } from 'react';
import type { GuardianChild } from '@portal/contracts';
import { useGuardianChildrenQuery } from '../guardianApi';

/** Where the chosen child is kept for this tab: both pages of the area show the same child. */
export const CHOSEN_CHILD_KEY = 'guardian.child';

function stored(): string | null {
  try {
    return sessionStorage.getItem(CHOSEN_CHILD_KEY);
  } catch {
    return null; // storage blocked: the first child each time
  }
}

/**
 * The signed-in guardian's children by name, and the one chosen: the one kept for this tab when it is still among
 * them (a link an admin removed, or another account's choice, is not), else the first.
 */
export function useChosenChild() {
  const query = useGuardianChildrenQuery();
  const [chosenId, setChosenId] = useState(stored);
  const children = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => a.fullName.localeCompare(b.fullName)),
    [query.data],
  );
  const child: GuardianChild | null = children.find((c) => c._id === chosenId) ?? children[0] ?? null;
  const choose = useCallback((id: string) => {
    try {
      sessionStorage.setItem(CHOSEN_CHILD_KEY, id);
    } catch {
      // storage blocked: the choice holds on this page only
    }
    setChosenId(id);
  }, []);
  return { ...query, children, child, choose };
}
