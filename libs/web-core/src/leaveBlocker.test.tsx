import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory } from 'history';
import { Route, Routes } from 'react-router-dom';
import { PortalRouter, useLeaveBlocker } from './leaveBlocker';

function Editor({ dirty }: { dirty: boolean }) {
  const blocker = useLeaveBlocker(dirty);
  return (
    <p>
      editor {blocker.state}
      <button onClick={blocker.proceed}>leave</button>
      <button onClick={blocker.reset}>stay</button>
    </p>
  );
}

function renderAt(dirty: boolean) {
  const history = createMemoryHistory({ initialEntries: ['/list', '/edit'], initialIndex: 1 });
  render(
    <PortalRouter history={history}>
      <Routes>
        <Route path="/edit" element={<Editor dirty={dirty} />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </PortalRouter>,
  );
  return history;
}

describe('useLeaveBlocker', () => {
  it('holds a move to another page, back included, until the user stays or leaves', () => {
    const history = renderAt(true);
    act(() => history.push('/other'));
    expect(screen.getByText(/editor blocked/)).toBeInTheDocument();
    expect(history.location.pathname).toBe('/edit');
    act(() => screen.getByText('stay').click());
    expect(screen.getByText(/editor unblocked/)).toBeInTheDocument();

    act(() => history.back());
    expect(history.location.pathname).toBe('/edit');
    expect(screen.getByText(/editor blocked/)).toBeInTheDocument();
    act(() => screen.getByText('leave').click());
    expect(history.location.pathname).toBe('/list');
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
  });

  it('lets a change of the query string on the same page pass, and still holds a move elsewhere', () => {
    const history = renderAt(true);
    act(() => history.push('/edit?date=2026-11-23'));
    expect(history.location.search).toBe('?date=2026-11-23');
    expect(screen.getByText(/editor unblocked/)).toBeInTheDocument();
    act(() => history.push('/other'));
    expect(history.location.pathname).toBe('/edit');
  });

  it('does not hold anything while nothing is unsaved', () => {
    const history = renderAt(false);
    act(() => history.push('/other'));
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
  });
});
