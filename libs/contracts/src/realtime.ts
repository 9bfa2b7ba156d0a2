import type { AnnouncementCommentResponse, AnnouncementLikeRef, AnnouncementResponse } from './announcements';

/** Socket events, declared once and typed on server and client. */
export interface ChatMessage {
  _id: string;
  conversationType: 'group' | 'individual';
  conversationId: string;
  senderId: string;
  content: string;
  createdAt: string;
}

export interface ServerToClientEvents {
  newMessage: (message: ChatMessage) => void;
  newAnnouncement: (announcement: AnnouncementResponse) => void;
  announcementUpdated: (announcement: AnnouncementResponse) => void;
  announcementDeleted: (payload: { announcementId: string }) => void;
  newAnnouncementComment: (payload: { announcementId: string; comment: AnnouncementCommentResponse }) => void;
  announcementLikeUpdated: (payload: { announcementId: string; likes: AnnouncementLikeRef[] }) => void;
  typing: (payload: { conversationId: string; userId: string; isTyping: boolean }) => void;
}

export interface ClientToServerEvents {
  joinGroup: (groupId: string) => void;
  leaveGroup: (groupId: string) => void;
  typing: (payload: { conversationId: string; isTyping: boolean }) => void;
}
