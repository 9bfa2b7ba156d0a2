import { useScreens } from '@portal/web-core';

/** Below md (phones, small tablets) the chat is list → conversation; from md up, both side by side. */
export function usePhoneLayout(): boolean {
  return useScreens().md === false;
}
