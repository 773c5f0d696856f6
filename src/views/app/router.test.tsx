import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { matchPath, MemoryRouter, NavLink, Outlet, Route, Routes, useBlocker, useLocation, useNavigate, useParams, type Blocker } from './router.tsx';

afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

function Item() {
  return <h1>item {useParams().itemId}</h1>;
}

let blocker: Blocker = { state: 'unblocked' };
let navigate: ReturnType<typeof useNavigate> = () => {};

/** A page that holds back leaving it while `dirty`, as LeaveGuard does. */
function Guarded({ dirty }: { dirty: boolean }) {
  navigate = useNavigate();
  blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  return <h1>guarded</h1>;
}

function Layout() {
  return (
    <>
      <nav>
        <NavLink to="/items" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Items
        </NavLink>
        <NavLink to="/guarded">Guarded</NavLink>
      </nav>
      <Outlet />
    </>
  );
}

function app(path: string, dirty = false) {
  return render(
    <MemoryRouter initialEntries={['/items', path]}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/items" element={<h1>items</h1>} />
          <Route path="/items/:itemId" element={<Item />} />
          <Route path="/guarded" element={<Guarded dirty={dirty} />} />
          <Route path="*" element={<h1>not found</h1>} />
        </Route>
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('router', () => {
  it('matches paths as react-router does: params decoded, any case, a trailing slash', () => {
    expect(matchPath('/media/:mediaId', '/media/12')).toEqual({ mediaId: '12' });
    expect(matchPath('/campaigns/:id/devices', '/Campaigns/a%20b/devices/')).toEqual({ id: 'a b' });
    expect(matchPath('/media/:mediaId', '/media')).toBeNull();
    expect(matchPath('/media/:mediaId', '/media/1/2')).toBeNull();
  });

  it('renders the layout with the matched child, its params, the "*" route last and the active link', () => {
    app('/items/7%208');
    expect(screen.getByRole('heading').textContent).toBe('item 7 8');
    expect(screen.getByRole('link', { name: 'Items' }).className).toBe('off');
    fireEvent.click(screen.getByRole('link', { name: 'Items' }));
    expect(screen.getByRole('heading').textContent).toBe('items');
    expect(screen.getByRole('link', { name: 'Items' }).getAttribute('aria-current')).toBe('page');
    act(() => navigate(-1));
    cleanup();
    app('/nowhere');
    expect(screen.getByRole('heading').textContent).toBe('not found');
  });

  it('holds back a link and the back button while a blocker says so; proceed goes on, reset stays', () => {
    const { rerender } = app('/guarded', true);
    fireEvent.click(screen.getByRole('link', { name: 'Items' }));
    expect(blocker.state).toBe('blocked');
    expect(screen.getByLabelText('where').textContent).toBe('/guarded');
    act(() => blocker.reset!());
    expect(blocker.state).toBe('unblocked');

    // Back: the history steps back to the guarded page until the navigation is let go.
    act(() => navigate(-1));
    expect(blocker.state).toBe('blocked');
    expect(screen.getByLabelText('where').textContent).toBe('/guarded');
    act(() => blocker.proceed!());
    expect(screen.getByLabelText('where').textContent).toBe('/items');

    // Forward again, and with nothing to lose the back button is not held.
    act(() => navigate(1));
    expect(screen.getByRole('heading').textContent).toBe('guarded');
    rerender(
      <MemoryRouter initialEntries={['/items', '/guarded']}>
        <Routes>
          <Route path="/guarded" element={<Guarded dirty={false} />} />
          <Route path="/items" element={<h1>items</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    act(() => navigate(-1));
    expect(screen.getByLabelText('where').textContent).toBe('/items');
  });
});
