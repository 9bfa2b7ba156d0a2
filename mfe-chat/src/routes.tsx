import { Route, Routes } from '@portal/kit';
import { ChatPage } from './ChatPage';

/** Chat screens, mounted by the shell under "/" (paths are relative). */
export default function ChatRoutes() {
  return (
    <Routes>
      <Route path="chat" element={<ChatPage />} />
      <Route path="chat/:id" element={<ChatPage />} />
    </Routes>
  );
}
