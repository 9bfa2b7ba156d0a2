import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { lazyPage, remoteRoutes, type RouteManifest } from './routeManifest';

const manifest: RouteManifest = {
  remote: 'mfe_test',
  routes: [
    { path: '/dashboard', title: 'Dashboard', roles: ['mentor'] },
    { path: '/groups/:id?', title: 'Groups', roles: ['mentor'] },
  ],
};

describe('a remote page downloaded before it renders', () => {
  const setup = () => {
    const dashboard = jest.fn(async () => ({ Dashboard: () => <h3>the dashboard</h3> }));
    const groups = jest.fn(async () => ({ Groups: () => <h3>groups</h3> }));
    const Routes = remoteRoutes(manifest, {
      '/dashboard': lazyPage(dashboard, 'Dashboard'),
      '/groups/:id?': lazyPage(groups, 'Groups'),
    });
    return { dashboard, groups, Routes };
  };

  it('starts the download of the page a path opens, and the render uses it', async () => {
    const { dashboard, groups, Routes } = setup();
    await Routes.preload!('/groups/g1');
    expect(groups).toHaveBeenCalledTimes(1);
    expect(dashboard).not.toHaveBeenCalled();
    await Routes.preload!('/dashboard');
    expect(dashboard).toHaveBeenCalledTimes(1);
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    // The module system keeps the module: asking again is free; the lazy component calls the loader once more.
    expect(dashboard.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('a path the remote does not serve, or a failed download, starts nothing and throws nothing', async () => {
    const { dashboard, groups, Routes } = setup();
    await expect(Routes.preload!('/nowhere')).resolves.toBeUndefined();
    expect(dashboard).not.toHaveBeenCalled();
    expect(groups).not.toHaveBeenCalled();
    const failing = lazyPage(() => Promise.reject(new Error('offline')), 'X' as never);
    await expect(failing.preload()).resolves.toBeUndefined();
  });
});
