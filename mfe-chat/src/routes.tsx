import { Suspense } from 'react';
import { FullPageSpinner, lazyPage, Route, Routes } from '@portal/kit';

// Each screen downloads on its first visit.
const ChatPage = lazyPage(() => import('./ChatPage'), 'ChatPage');

/** Chat screens, mounted by the shell under "/" (paths are relative). */
export default function ChatRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="chat" element={<ChatPage />} />
        <Route path="chat/:id" element={<ChatPage />} />
      </Routes>
    </Suspense>
  );
}
