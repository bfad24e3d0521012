import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import * as ReactRouter from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from './marketing-router';

afterEach(() => window.history.replaceState(null, '', '/'));

function Layout() {
  return (
    <div>
      <nav>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
        <NavLink to="/pricing">Pricing</NavLink>
        <Link to="/order?mac=AA:BB">Order</Link>
        <Link to="/account/view" reloadDocument>
          Account
        </Link>
      </nav>
      <Outlet />
    </div>
  );
}

function Order() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <h1>Order {params.get('mac')}</h1>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function Site() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<h1>Home page</h1>} />
          <Route path="/pricing" element={<h1>Pricing page</h1>} />
          <Route path="/order" element={<Order />} />
          <Route path="*" element={<h1>Not found</h1>} />
        </Route>
        <Route path="/dashboard/home" element={<h1>Panel</h1>} />
      </Routes>
      <Where />
    </BrowserRouter>
  );
}

describe('marketing router', () => {
  it('renders the route for the address, inside its layout, and a named path before the splat', () => {
    window.history.replaceState(null, '', '/pricing');
    render(<Site />);
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();

    window.history.replaceState(null, '', '/Dashboard/home/');
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(screen.getByRole('heading', { name: 'Panel' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    window.history.replaceState(null, '', '/nowhere');
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('follows a link in the page, marks the current one, reads the query and goes back', async () => {
    render(<Site />);
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('aria-current', 'page');
    expect(home).toHaveClass('on');

    fireEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(window.location.pathname).toBe('/pricing');
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    fireEvent.click(screen.getByRole('link', { name: 'Order' }));
    expect(screen.getByRole('heading', { name: 'Order AA:BB' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/order?mac=AA:BB');

    const back = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await act(async () => {
      await back;
    });
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
  });

  it('leaves to the browser a link that reloads the document, a modified click and another window', () => {
    render(<Site />);
    const account = screen.getByRole('link', { name: 'Account' });
    expect(fireEvent.click(account)).toBe(true); // not prevented: the browser loads the page
    expect(fireEvent.click(screen.getByRole('link', { name: 'Pricing' }), { ctrlKey: true })).toBe(true);
    expect(window.location.pathname).toBe('/');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Pricing' }))).toBe(false);
  });

  it('renders links as React Router does, so the server HTML and the hydrated page agree', () => {
    window.history.replaceState(null, '', '/pricing');
    const links = (router: typeof ReactRouter | { Link: typeof Link; NavLink: typeof NavLink }) => (
      <>
        <router.Link to="/order?mac=1" className="cta">
          Order
        </router.Link>
        <router.NavLink to="/pricing">Pricing</router.NavLink>
        <router.NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </router.NavLink>
        <router.NavLink to="/pricing/" aria-label="Plans" className="plain">
          Plans
        </router.NavLink>
      </>
    );
    const ours = renderToString(<BrowserRouter>{links({ Link, NavLink })}</BrowserRouter>);
    const theirs = renderToString(
      <ReactRouter.StaticRouter location="/pricing">{links(ReactRouter)}</ReactRouter.StaticRouter>,
    );
    // React Router marks its links for route discovery, which only its framework mode reads.
    expect(ours).toBe(theirs.replaceAll(' data-discover="true"', ''));
  });
});
