// The shell meets the remotes only at run time; this test reads their route modules to check the contract between them.
import * as admin from '../../mfe-admin/src/routes';
import * as chat from '../../mfe-chat/src/routes';
import * as guardian from '../../mfe-guardian/src/routes';
import * as mentee from '../../mfe-mentee/src/routes';
import * as mentor from '../../mfe-mentor/src/routes';
import { render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MENU_ICONS, TOKEN_KEY, type RouteManifest } from '@portal/web-core';
import { CONTRACTS_VERSION, type Role } from '@portal/contracts';
import { mockApi } from '@portal/web-core/testing';
import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  loadManifests,
  menuOf,
  preloadRemoteFor,
  registerRuntimeRemotes,
  remoteRoutes,
  resetManifests,
  resolvePath,
  type Manifests,
} from './remotes';

// loadRemote is watched: which remote a signed-in page starts downloading, and how often.
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(async () => null),
}));

const ROLES_WITH_PAGES = { admin, mentor, mentee, guardian, chat } as unknown as Record<
  string,
  { manifest: RouteManifest; pages: Record<string, unknown> }
>;

const manifests: Manifests = { manifests: Object.values(ROLES_WITH_PAGES).map((r) => r.manifest), failed: [] };

describe('route manifests of the remotes', () => {
  it.each(Object.entries(ROLES_WITH_PAGES))(
    '%s: every path has a page, every page a path, roles and icons are known',
    (_name, { manifest, pages }) => {
      const paths = manifest.routes.map((r) => r.path);
      expect(new Set(paths).size).toBe(paths.length);
      expect(Object.keys(pages).sort()).toEqual([...paths].sort());
      for (const r of manifest.routes) {
        expect(r.roles.length).toBeGreaterThan(0);
        for (const role of [...r.roles, ...(r.menu?.roles ?? [])])
          expect(['admin', 'mentor', 'mentee', 'guardian']).toContain(role);
        if (r.menu) expect(MENU_ICONS).toContain(r.menu.icon);
        expect(r.path.startsWith('/')).toBe(true);
      }
    },
  );

  it("builds each role's menu in the order of SPEC.md section 2", () => {
    const labels = (role: Role) => menuOf(manifests, role).map((m) => m.label);
    expect(labels('admin')).toEqual([
      'Dashboard',
      'Profile',
      'User Management',
      'Import',
      'Mentorship',
      'Analytics',
      'Attendance',
      'School Calendar',
      'Leaves',
      'Grievances',
      'Follow-up',
      'Safeguarding',
      'Audit Log',
      'Privacy',
      'Delivery Log',
      'Deployments',
    ]);
    expect(labels('mentor')).toEqual(['Dashboard', 'Profile', 'Attendance', 'Groups', 'Chat', 'Leaves', 'Grievances']);
    expect(labels('mentee')).toEqual(['Dashboard', 'Profile', 'Chat', 'Leaves', 'Grievances', 'Meetings']);
    expect(menuOf(manifests, 'mentee').find((m) => m.label === 'Chat')?.path).toBe('/chat');
    // A guardian's menu is their own remote's: no chat, nothing of the staff's or the students'.
    expect(labels('guardian')).toEqual(['Dashboard', 'Profile', 'Attendance', 'Leaves', 'Announcements']);
    expect(menuOf(manifests, 'guardian').map((m) => m.path)).toEqual([
      '/dashboard',
      '/profile',
      '/children/attendance',
      '/leaves',
      '/announcements',
    ]);
  });

  it('sends each path to the remote that owns it for the role', () => {
    const owner = (path: string, role: Role) => {
      const a = resolvePath(manifests, path, role);
      return a.kind === 'remote' ? a.remote : a.kind;
    };
    expect(owner('/dashboard', 'admin')).toBe('mfe_admin');
    expect(owner('/dashboard', 'mentee')).toBe('mfe_mentee');
    expect(owner('/dashboard', 'guardian')).toBe('mfe_guardian');
    expect(owner('/children/attendance', 'guardian')).toBe('mfe_guardian');
    expect(owner('/children/attendance', 'mentee')).toBe('refused');
    expect(owner('/chat', 'guardian')).toBe('refused');
    expect(owner('/leaves', 'admin')).toBe('mfe_admin'); // the admin's own leaves screen (see below), not "coming soon"
    expect(owner('/grievances', 'admin')).toBe('mfe_admin');
    expect(owner('/admin/edit-user/abc', 'admin')).toBe('mfe_admin');
    expect(owner('/admin/safeguarding', 'admin')).toBe('mfe_admin');
    expect(owner('/admin/safeguarding', 'mentor')).toBe('refused');
    expect(owner('/chat', 'mentee')).toBe('mfe_chat');
    expect(owner('/chat/individual_x', 'mentor')).toBe('mfe_chat');
    expect(owner('/attendance', 'mentor')).toBe('mfe_mentor');
    expect(owner('/nowhere', 'mentor')).toBe('unknown');
    expect(owner('/admin/users/extra', 'admin')).toBe('unknown');
  });

  it("refuses another role's paths with the text the owner's manifest declares", () => {
    const refusal = (path: string, role: 'admin' | 'mentor' | 'mentee') => {
      const a = resolvePath(manifests, path, role);
      return a.kind === 'refused' ? (a.route.refusal ?? a.manifest.refusal) : a.kind;
    };
    expect(refusal('/admin/users', 'mentee')).toEqual({
      message: 'You need admin privileges to access this page.',
      notice: 'Access denied. Admin privileges required.',
      redirect: '/dashboard',
    });
    expect(refusal('/groups', 'mentee')).toEqual({ message: 'Only mentors can manage groups' });
    expect(refusal('/groups', 'admin')).toEqual({ message: 'Only mentors can manage groups' });
    expect(refusal('/attendance', 'mentee')).toEqual({
      message: 'Attendance view is only available for mentors (and admins).',
    });
  });
});

describe("the spec's shared paths for an admin", () => {
  it.each([
    ['/leaves', '/admin/leaves', 'Leaves'],
    ['/grievances', '/admin/grievances', 'Grievances'],
  ])('%s lands on %s, the address of the menu entry %s', async (path, target, label) => {
    const Page = (admin.pages as Record<string, ComponentType>)[path];
    const Landed = () => <p>landed on {useLocation().pathname}</p>;
    render(
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={path} element={<Page />} />
            <Route path={target} element={<Landed />} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
    expect(await screen.findByText(`landed on ${target}`)).toBeInTheDocument();
    expect(menuOf(manifests, 'admin').find((m) => m.path === target)?.label).toBe(label);
  });
});

describe('reading the manifests at run time', () => {
  afterEach(() => resetManifests());

  it('takes the manifests the API put into /remotes.json and reads the others beside their remoteEntry.js', async () => {
    const calls = mockApi({
      'GET /remotes.json': {
        mfe_mentor: { entry: '/remotes/mfe-mentor/remoteEntry.js', routes: mentor.manifest },
        mfe_chat: { entry: 'http://cdn.example/chat/remoteEntry.js', routes: null },
      },
      'GET /chat/route-manifest.json': chat.manifest,
    });
    await registerRuntimeRemotes();
    const { manifests, failed } = await loadManifests();
    expect(manifests.map((m) => m.remote)).toEqual(['mfe_mentor', 'mfe_chat']);
    expect(failed).toEqual([]);
    expect(calls.map((c) => c.url.href)).toEqual([
      'http://localhost/remotes.json',
      'http://cdn.example/chat/route-manifest.json',
    ]);
  });

  it('names a remote whose manifest cannot be read, so its paths get Try Again rather than a refusal', async () => {
    mockApi({
      'GET /remotes.json': { mfe_mentor: { entry: '/remotes/mfe-mentor/remoteEntry.js', routes: null } },
      'GET *': () => new Response('gone', { status: 502 }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await registerRuntimeRemotes();
    expect(await loadManifests()).toEqual({ manifests: [], failed: ['mfe_mentor'] });
  });

  it('takes the /remotes.json answer index.html asked for early, once, and asks again only without it', async () => {
    const remotesJson = { mfe_mentor: { entry: '/remotes/mfe-mentor/remoteEntry.js', routes: mentor.manifest } };
    const early = window as { __remotesJson?: Promise<Response> };
    early.__remotesJson = Promise.resolve(new Response(JSON.stringify(remotesJson), { status: 200 }));
    const calls = mockApi({ 'GET /remotes.json': remotesJson });
    await registerRuntimeRemotes();
    expect(calls).toEqual([]);
    expect(early.__remotesJson).toBeUndefined();
    expect((await loadManifests()).manifests.map((m) => m.remote)).toEqual(['mfe_mentor']);
    resetManifests();
    await registerRuntimeRemotes();
    expect(calls.map((c) => [c.url.href, c.request.cache])).toEqual([['http://localhost/remotes.json', 'no-cache']]);
  });
});

describe('downloading the remote of a signed-in page before it renders', () => {
  afterEach(() => {
    resetManifests();
    jest.mocked(loadRemote).mockReset();
  });

  it('starts the remote that serves the path for the role, once, and the render uses that download', async () => {
    const calls = mockApi({
      'GET /remotes.json': {
        mfe_mentor: { entry: '/remotes/mfe-mentor/remoteEntry.js', routes: mentor.manifest },
        mfe_mentee: { entry: '/remotes/mfe-mentee/remoteEntry.js', routes: mentee.manifest },
      },
      // What the shell checks before loading a remote (compat.ts).
      'GET /remotes/:remote/version.json': { contractsVersion: CONTRACTS_VERSION, shared: [] },
    });
    // The routes module then starts the page the path opens (web-core's remoteRoutes(...).preload).
    const pagePreload = jest.fn(async (_path: string) => undefined);
    const load = jest
      .mocked(loadRemote)
      .mockImplementation(
        async (id: string) =>
          ({ default: Object.assign(() => <p>routes of {id}</p>, { preload: pagePreload }) }) as never,
      );
    await registerRuntimeRemotes();
    localStorage.setItem(TOKEN_KEY, 'tok');
    preloadRemoteFor('/dashboard', 'mentee');
    await waitFor(() => expect(load.mock.calls.map((c) => c[0])).toEqual(['mfe_mentee/routes']));
    // With the page's code, the reads its manifest names (web-core's early reads; the page's query takes them).
    const asked = calls.map((c) => [c.url.href, c.request.headers.get('Authorization')]);
    expect(asked).toContainEqual(['http://localhost/api/mentees/dashboard', 'Bearer tok']);
    localStorage.clear();
    await waitFor(() => expect(pagePreload.mock.calls).toEqual([['/dashboard']]));

    const Routes = remoteRoutes('mfe_mentee');
    render(
      <Suspense fallback={null}>
        <Routes />
      </Suspense>,
    );
    expect(await screen.findByText('routes of mfe_mentee/routes')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    // A path no remote serves for the role downloads nothing.
    preloadRemoteFor('/no-such-page', 'mentor');
    await preloadDecided();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

/**
 * Until the preloads asked for so far have decided what to start: each goes on from the manifests' promise (read
 * once), choosing the remote, its early reads and its hints before it waits for anything else, so a continuation
 * queued on that promise after them runs once they have.
 */
async function preloadDecided(): Promise<void> {
  await loadManifests();
}
