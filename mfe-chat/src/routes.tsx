import { Route, Routes } from 'react-router-dom';
import { ChatHome } from './ChatHome';

/** Chat screens, mounted by the shell under "/" (paths are relative). */
export default function ChatRoutes() {
  return (
    <Routes>
      <Route path="chat" element={<ChatHome />} />
      <Route path="chat/:id" element={<ChatHome />} />
    </Routes>
  );
}
