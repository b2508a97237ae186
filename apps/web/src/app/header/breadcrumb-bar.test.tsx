import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientPage } from '../../features/directory/pages/client-page.tsx';
import { usePageLabel } from '../../lib/navigation/page-label.ts';
import { fakeApi, listOf } from '../../test/fake-api.ts';
import { renderPage } from '../../test/render.tsx';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';

afterEach(() => vi.unstubAllGlobals());

const crumbs = () => screen.getByRole('navigation', { name: 'Breadcrumb' });

function NamedLater() {
  const [name, setName] = useState<string | null>(null);
  usePageLabel(name);
  return (
    <button type="button" onClick={() => setName('Blue Yachts Ltd')}>
      load
    </button>
  );
}

describe('BreadcrumbBar', () => {
  it("shows the route's title until the page names itself, then the page's name", async () => {
    const { user } = renderPage(
      <>
        <BreadcrumbBar />
        <NamedLater />
      </>,
      { path: '/directory/suppliers/:id', url: '/directory/suppliers/4' },
    );
    expect(crumbs()).toHaveTextContent('Directory/Suppliers/Supplier');
    await user.click(screen.getByRole('button', { name: 'load' }));
    expect(crumbs()).toHaveTextContent('Directory/Suppliers/Blue Yachts Ltd');
    expect(screen.getByText('Blue Yachts Ltd')).toHaveAttribute('aria-current', 'page');
  });

  it("names a client's record page after the client once it is loaded", async () => {
    fakeApi({
      'GET /api/v1/clients/7/': () => ({
        body: {
          data: {
            id: 7,
            named: 'Irina Belova',
            first_name: 'Irina',
            last_name: 'Belova',
            rating: 'Basic',
            blacklisted: false,
            archived: false,
            version: 1,
          },
        },
      }),
      'GET /api/v1/audit/': () => listOf([]),
    });
    renderPage(
      <>
        <BreadcrumbBar />
        <ClientPage />
      </>,
      { path: '/directory/clients/:id', url: '/directory/clients/7' },
    );
    await waitFor(() => expect(crumbs()).toHaveTextContent('Directory/Clients/Irina Belova'));
    expect(crumbs()).not.toHaveTextContent('Client/');
  });
});
