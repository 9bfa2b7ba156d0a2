import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { ChangedRecordType, NotificationKind, NotificationResponse, RecordChangedEvent } from '@portal/contracts';
import { api } from './api';
import { dashboardTags, LIST_ID, RECORD_TAG, type RecordTag } from './cacheTags';
import { refreshProfile } from './session';
import { onSocket, type PortalSocket } from './socket';
import type { AppStore } from './store';

// Live screens: another person changes a leave, a grievance, a student's follow-up or an account, the server says so
// (recordChanged, or a notification announcing it) and every list, tile and detail that shows it is fetched afresh by
// invalidating its cache tags. Subscribed once per page (useLiveRecords in the shell).

type Tag = RecordTag | 'Dashboard' | 'Attendance' | { type: RecordTag | 'Dashboard'; id: string };

/** One record changed: its own tags, its type's lists and the dashboards that count it. */
export function changedRecordTags({ type, id }: RecordChangedEvent): Tag[] {
  const tag = RECORD_TAG[type];
  const tags: Tag[] = [{ type: tag, id }, { type: tag, id: LIST_ID }, ...dashboardTags(type)];
  // A grievance's thread is cached apart from it (grievancesApi).
  if (type === 'grievance') tags.push({ type: tag, id: `comments-${id}` });
  // A leave decided or cancelled marks or frees days of the register: its figures change too.
  if (type === 'leave') tags.push('Attendance');
  return tags;
}

/** Notifications that announce a change of a record the user sees; the notification does not say which one. */
export const NOTIFIED_CHANGES: Partial<Record<NotificationKind, ChangedRecordType>> = {
  'leave.filed': 'leave',
  'leave.cancelled': 'leave',
  'leave.decided': 'leave',
  'grievance.filed': 'grievance',
  'grievance.received': 'grievance',
  'grievance.status': 'grievance',
  'grievance.comment': 'grievance',
  'grievance.escalated': 'grievance',
  'mentor.assigned': 'user',
  'account.pending': 'user',
  'risk.signal': 'followup',
};

/** Notifications that change what the register shows (a family's answer: the mentor's queue, a disputed mark). */
export const NOTIFIED_ATTENDANCE: readonly NotificationKind[] = ['absence.answered'];

/** Some record of this type changed: every record of the type (lists and details) and the dashboards that count it. */
export function changedTypeTags(type: ChangedRecordType): Tag[] {
  const tags: Tag[] = [RECORD_TAG[type], ...dashboardTags(type)];
  if (type === 'leave') tags.push('Attendance');
  return tags;
}

/** Pushes that arrive together (a recordChanged and its notification) are one refetch, not two. */
export const LIVE_BATCH_MS = 50;

type LiveStore = Pick<AppStore, 'dispatch' | 'getState'>;

function attach(socket: PortalSocket, store: LiveStore): () => void {
  const pending = new Map<string, Tag>();
  let profile = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const tags = [...pending.values()];
    pending.clear();
    if (tags.length) store.dispatch(api.util.invalidateTags(tags));
    if (profile) void store.dispatch(refreshProfile());
    profile = false;
  };
  const queue = (tags: Tag[], ownAccount = false) => {
    for (const t of tags) pending.set(typeof t === 'string' ? t : `${t.type}/${t.id}`, t);
    profile ||= ownAccount;
    timer ??= setTimeout(flush, LIVE_BATCH_MS);
  };

  const onRecord = (event: RecordChangedEvent) => {
    if (!event || !Object.hasOwn(RECORD_TAG, event.type) || typeof event.id !== 'string') return;
    // One's own account (a mentor assigned, a profile edited): the session's copy shows it on the profile page.
    const own = event.type === 'user' && event.id === store.getState().session.user?._id;
    queue(changedRecordTags(event), own);
  };
  const onNotification = ({ notification }: { notification: NotificationResponse }) => {
    const type = notification && NOTIFIED_CHANGES[notification.kind];
    if (type) queue(changedTypeTags(type), notification.kind === 'mentor.assigned');
    if (notification && NOTIFIED_ATTENDANCE.includes(notification.kind)) queue(['Attendance']);
  };
  // Back from an outage: whatever changed meanwhile was not pushed.
  const onReconnect = () => queue((Object.keys(RECORD_TAG) as ChangedRecordType[]).flatMap(changedTypeTags));

  socket.on('recordChanged', onRecord);
  socket.on('notification', onNotification);
  socket.io.on('reconnect', onReconnect);
  // The server lost and regained Redis: events from other instances were missed meanwhile, as after a reconnect.
  socket.on('resync', onReconnect);
  return () => {
    socket.off('recordChanged', onRecord);
    socket.off('notification', onNotification);
    socket.io.off('reconnect', onReconnect);
    socket.off('resync', onReconnect);
    clearTimeout(timer);
    timer = undefined;
  };
}

/** Keeps the store's cached records current from the live connection (each one of the page in turn) until stopped. */
export function startLiveRecords(store: LiveStore): () => void {
  return onSocket((socket) => attach(socket, store));
}

/** Once per page, high in the tree (the shell's App): the screens that show records update as they change. */
export function useLiveRecords(): void {
  const store = useStore() as LiveStore;
  useEffect(() => startLiveRecords(store), [store]);
}
