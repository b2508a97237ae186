import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Picker, type PickerProps } from './picker';
import { type PickerFetcher, PickerFetcherProvider } from './picker-fetcher';
import type { PickerKey, PickerParams } from './picker-query';

type Client = { id: number; name: string; city?: string };

const CLIENTS: Client[] = [
  { id: 1, name: 'Acme Travel', city: 'London' },
  { id: 2, name: 'Blue Sky', city: 'Dubai' },
  { id: 3, name: 'Coral Bay', city: 'Paris' },
];

/** A fake API: answers lists and preloads from CLIENTS and records every URL asked for. */
function fakeApi(items: readonly Record<string, unknown>[] = CLIENTS) {
  const fetcher = vi.fn<PickerFetcher>(async (url) => {
    const q = new URL(url, 'http://x').searchParams;
    const search = (q.get('search') ?? '').toLowerCase();
    if (q.get('item') === 'true') {
      // a lookup answers with name matches first, then the id match
      const byName = items.filter((c) => String(c.name).toLowerCase().includes(search));
      const byId = items.filter((c) => String(c.id) === search);
      return { data: [...byName, ...byId] };
    }
    const exclude = (q.get('exclude') ?? '').split(',').filter(Boolean);
    return {
      data: items.filter(
        (c) => String(c.name).toLowerCase().includes(search) && !exclude.includes(String(c.id)),
      ),
    };
  });
  const urls = () => fetcher.mock.calls.map((c) => c[0]);
  return { fetcher, urls };
}

type SingleProps = Partial<Extract<PickerProps<Client>, { multiple?: false }>>;

function SingleHost(
  props: SingleProps & { initial?: PickerKey | null; spy?: (v: PickerKey | null) => void },
) {
  const { initial = null, spy, ...rest } = props;
  const [value, setValue] = useState<PickerKey | null>(initial);
  return (
    <>
      <Picker<Client>
        label="Client"
        object="clients"
        {...rest}
        value={value}
        onChange={(v) => {
          setValue(v);
          spy?.(v);
        }}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function MultiHost(
  props: Partial<Omit<Extract<PickerProps<Client>, { multiple: true }>, 'multiple'>> & {
    initial?: PickerKey[];
  },
) {
  const { initial = [], ...rest } = props;
  const [value, setValue] = useState<PickerKey[]>(initial);
  return (
    <>
      <Picker<Client>
        label="Clients"
        object="clients"
        {...rest}
        multiple
        value={value}
        onChange={(v) => setValue(v)}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

/** Re-renders with other params, as a filter form would. */
function ParamsHost({ fetcher }: { fetcher: PickerFetcher }) {
  const [params, setParams] = useState<PickerParams>({ region: 1 });
  const [value, setValue] = useState<PickerKey | null>(null);
  return (
    <>
      <Picker<Client>
        label="Client"
        object="clients"
        params={params}
        fetcher={fetcher}
        value={value}
        onChange={setValue}
      />
      <button type="button" onClick={() => setParams({ region: 2 })}>
        Region 2
      </button>
      <button type="button" onClick={() => setParams({ region: 2 })}>
        Region 2 again
      </button>
    </>
  );
}

const valueText = () => screen.getByTestId('value').textContent;
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('Picker, fetching', () => {
  it('fetches nothing until the dropdown opens, then asks for the exact list URL', async () => {
    const api = fakeApi();
    const { user } = renderWithProviders(<SingleHost fetcher={api.fetcher} params={{ region: 1 }} />);
    expect(api.fetcher).not.toHaveBeenCalled();
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    expect(api.urls()).toEqual(['/api/v1/clients/?limit=20&list=true&region=1']);
    expect(await screen.findByRole('option', { name: 'Acme Travel' })).toBeInTheDocument();
    expect(optionNames()).toEqual(['Acme Travel', 'Blue Sky', 'Coral Bay']);
  });

  it('refetches on open only when the endpoint or params changed', async () => {
    const api = fakeApi();
    const { user } = renderWithProviders(<ParamsHost fetcher={api.fetcher} />);
    const target = screen.getByRole('combobox', { name: 'Client' });
    await user.click(target);
    await user.keyboard('{Escape}');
    await user.click(target);
    await user.keyboard('{Escape}');
    expect(api.urls()).toEqual(['/api/v1/clients/?limit=20&list=true&region=1']);

    await user.click(screen.getByRole('button', { name: 'Region 2' }));
    // a param change alone does not fetch; the next open does
    expect(api.fetcher).toHaveBeenCalledTimes(1);
    await user.click(target);
    await user.keyboard('{Escape}');
    expect(api.urls()[1]).toBe('/api/v1/clients/?limit=20&list=true&region=2');

    // equal params (a new object) do not count as a change
    await user.click(screen.getByRole('button', { name: 'Region 2 again' }));
    await user.click(target);
    expect(api.fetcher).toHaveBeenCalledTimes(2);
  });

  it('sends id for clients with the current value', async () => {
    const api = fakeApi();
    const { user } = renderWithProviders(
      <SingleHost fetcher={api.fetcher} initial={2} initialItems={[CLIENTS[1]!]} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    expect(api.urls()).toEqual(['/api/v1/clients/?limit=20&list=true&id=2']);
  });

  it('sends suppliers/tags without params and reads its plain strings as items', async () => {
    // the real server answers the tags as bare strings
    const fetcher = vi.fn<PickerFetcher>(async () => ({ data: ['VIP', 'Yachts'] }));
    const spy = vi.fn();
    const { user } = renderWithProviders(
      <SingleHost object="suppliers/tags" params={{ a: 1 }} fetcher={fetcher} spy={spy} />,
    );
    const target = screen.getByRole('combobox', { name: 'Client' });
    await user.click(target);
    expect(await screen.findByRole('option', { name: 'VIP' })).toBeInTheDocument();
    expect(optionNames()).toEqual(['VIP', 'Yachts']);
    // filtered locally, by the string itself
    await user.type(screen.getByPlaceholderText('Start typing...'), 'ya');
    expect(optionNames()).toEqual(['Yachts']);
    await user.click(screen.getByRole('option', { name: 'Yachts' }));
    expect(spy).toHaveBeenCalledWith('Yachts');
    expect(valueText()).toBe('"Yachts"');
    expect(target).toHaveTextContent('Yachts');
    expect(fetcher.mock.calls.map((c) => c[0])).toEqual(['/api/v1/suppliers/tags/']);
  });

  it('takes several plain-string tags in multi choice, each a pill of its own', async () => {
    const fetcher = vi.fn<PickerFetcher>(async () => ({ data: ['VIP', 'Yachts', 'Spa'] }));
    const { user } = renderWithProviders(<MultiHost object="suppliers/tags" fetcher={fetcher} />);
    await user.click(screen.getByRole('combobox', { name: 'Clients' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    await user.click(screen.getByRole('option', { name: 'Spa' }));
    expect(valueText()).toBe('["VIP","Spa"]');
    expect(optionNames()).toEqual(['Yachts']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Remove VIP' }));
    expect(valueText()).toBe('["Spa"]');
  });

  it('uses a fetcher given through PickerFetcherProvider', async () => {
    const api = fakeApi();
    const { user } = renderWithProviders(
      <PickerFetcherProvider fetcher={api.fetcher}>
        <SingleHost object="suppliers" />
      </PickerFetcherProvider>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    expect(api.urls()).toEqual(['/api/v1/suppliers/?list=true']);
  });

  it('by default calls fetch with the stored token', async () => {
    localStorage.setItem('accessToken', 'tok-123');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: CLIENTS }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const { user } = renderWithProviders(<SingleHost object="currencies" displayField="name" />);
      await user.click(screen.getByRole('combobox', { name: 'Client' }));
      expect(await screen.findByRole('option', { name: 'Blue Sky' })).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/v1/currencies/?list=true');
      expect(init.headers).toMatchObject({ Authorization: 'Token tok-123' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so when the list cannot be loaded', async () => {
    const fetcher = vi.fn<PickerFetcher>(async () => {
      throw new Error('500');
    });
    const { user } = renderWithProviders(<SingleHost fetcher={fetcher} />);
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    expect(await screen.findByText('Could not load the list')).toBeInTheDocument();
  });
});

describe('Picker, search', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function openAndType(text: string, props: SingleProps = {}) {
    const api = fakeApi();
    const rendered = renderWithProviders(<SingleHost fetcher={api.fetcher} {...props} />, {
      fakeTimers: true,
    });
    await rendered.user.click(screen.getByRole('combobox', { name: 'Client' }));
    const box = screen.getByPlaceholderText('Start typing...');
    if (text) await rendered.user.type(box, text);
    return { ...rendered, api, box };
  }

  it("shows a 'Start typing...' box and sends the search only after 1000 ms of quiet", async () => {
    const { api } = await openAndType('bl');
    expect(api.fetcher).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(999);
    });
    expect(api.fetcher).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(api.urls()).toEqual([
      '/api/v1/clients/?limit=20&list=true',
      '/api/v1/clients/?limit=20&list=true&search=bl',
    ]);
    expect(optionNames()).toEqual(['Blue Sky']);
  });

  it('restarts the wait on every keystroke', async () => {
    const { api, user, box } = await openAndType('b');
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    await user.type(box, 'l');
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(api.fetcher).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(api.urls().slice(1)).toEqual(['/api/v1/clients/?limit=20&list=true&search=bl']);
  });

  it('trims a leading space and does not resend an unchanged search', async () => {
    const { api, user, box } = await openAndType('  co');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(api.urls().slice(1)).toEqual(['/api/v1/clients/?limit=20&list=true&search=co']);

    // typed and taken back within the wait: same text, nothing sent
    await user.type(box, 'x{Backspace}');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    // one more leading space trims to the same text
    await user.clear(box);
    await user.type(box, ' co');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(api.fetcher).toHaveBeenCalledTimes(2);
  });

  it('sends a cleared search as a request without search', async () => {
    const { api, user, box } = await openAndType('co');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await user.clear(box);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(api.urls()).toEqual([
      '/api/v1/clients/?limit=20&list=true',
      '/api/v1/clients/?limit=20&list=true&search=co',
      '/api/v1/clients/?limit=20&list=true',
    ]);
  });
});

describe('Picker, choosing and clearing', () => {
  it('sets the value from the chosen item key and shows its name', async () => {
    const api = fakeApi();
    const spy = vi.fn();
    const { user } = renderWithProviders(<SingleHost fetcher={api.fetcher} spy={spy} />);
    const target = screen.getByRole('combobox', { name: 'Client' });
    await user.click(target);
    await user.click(await screen.findByRole('option', { name: 'Coral Bay' }));
    expect(spy).toHaveBeenCalledWith(3);
    expect(target).toHaveTextContent('Coral Bay');
  });

  it('honours a configured key field and an extra display field', async () => {
    const items = [
      { code: 'USD', named: 'US Dollar', symbol: '$' },
      { code: 'EUR', named: 'Euro', symbol: '€' },
    ];
    const fetcher = vi.fn<PickerFetcher>(async () => ({ data: items }));
    const { user } = renderWithProviders(
      <SingleHost
        object="currencies"
        keyField="code"
        displayField="named"
        extraField="symbol"
        fetcher={fetcher}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    const euro = await screen.findByRole('option', { name: /Euro/ });
    expect(within(euro).getByText('€')).toHaveStyle({ textAlign: 'right' });
    await user.click(euro);
    expect(valueText()).toBe('"EUR"');
  });

  it("shows an item's extra value right-aligned when the item carries one", async () => {
    // the manager picker: GET /managers/picker/?list=true answers office_title with each manager
    const managers = [
      { id: 3, name: 'Fiona Front', office_title: 'Dubai' },
      { id: 4, name: 'Frank Field' },
    ];
    const fetcher = vi.fn<PickerFetcher>(async () => ({ data: managers }));
    const { user } = renderWithProviders(
      <SingleHost object="managers/picker" extraField="office_title" fetcher={fetcher} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    const fiona = await screen.findByRole('option', { name: /Fiona Front/ });
    const office = within(fiona).getByText('Dubai');
    expect(office).toHaveStyle({ textAlign: 'right' });
    expect(within(fiona).getByText('Fiona Front')).not.toBe(office);
    // no office: the name alone, no empty extra
    const frank = screen.getByRole('option', { name: 'Frank Field' });
    expect(frank).toHaveTextContent(/^Frank Field$/);
    expect(frank.querySelectorAll('p')).toHaveLength(1);
  });

  it('offers Clear only when there is a value and the field is optional', async () => {
    const api = fakeApi();
    const { user } = renderWithProviders(<SingleHost fetcher={api.fetcher} />);
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Blue Sky' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(valueText()).toBe('null');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('never offers Clear on a required field', () => {
    const api = fakeApi();
    renderWithProviders(
      <SingleHost fetcher={api.fetcher} required initial={1} initialItems={[CLIENTS[0]!]} />,
    );
    expect(screen.getByRole('combobox', { name: /Client/ })).toHaveTextContent('Acme Travel');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it("says 'Required field' when closed empty and required", async () => {
    const api = fakeApi();
    const { user } = renderWithProviders(<SingleHost fetcher={api.fetcher} required />);
    await user.click(screen.getByRole('combobox', { name: /Client/ }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Required field')).toBeInTheDocument();
  });

  it('is usable from the keyboard: open, search box focused, arrows and Enter', async () => {
    const api = fakeApi();
    const { user } = renderWithProviders(<SingleHost fetcher={api.fetcher} />);
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('option', { name: 'Acme Travel' });
    expect(screen.getByPlaceholderText('Start typing...')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(valueText()).toBe('2');
  });
});

describe('Picker, single choice and exclude', () => {
  it('sends no exclude for a single choice, so the chosen item stays in the list, marked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const api = fakeApi();
      const { user } = renderWithProviders(<SingleHost object="banks" fetcher={api.fetcher} />, {
        fakeTimers: true,
      });
      const target = screen.getByRole('combobox', { name: 'Client' });
      await user.click(target);
      await user.click(await screen.findByRole('option', { name: 'Blue Sky' }));
      expect(valueText()).toBe('2');

      await user.click(target);
      await user.type(screen.getByPlaceholderText('Start typing...'), 'b');
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(api.urls()).toEqual([
        '/api/v1/banks/?limit=20&list=true',
        '/api/v1/banks/?limit=20&list=true&search=b',
      ]);
      const chosen = await screen.findByRole('option', { name: 'Blue Sky' });
      expect(chosen).toHaveAttribute('aria-selected', 'true');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Picker, multi choice', () => {
  it('adds items, excludes chosen ones from the next request and removes them one by one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const api = fakeApi();
      const { user } = renderWithProviders(<MultiHost fetcher={api.fetcher} />, { fakeTimers: true });
      await user.click(screen.getByRole('combobox', { name: 'Clients' }));
      await user.click(await screen.findByRole('option', { name: 'Acme Travel' }));
      await user.click(screen.getByRole('option', { name: 'Coral Bay' }));
      expect(valueText()).toBe('[1,3]');
      // chosen items leave the list at once
      expect(optionNames()).toEqual(['Blue Sky']);

      await user.type(screen.getByPlaceholderText('Start typing...'), 'a');
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(api.urls().at(-1)).toBe('/api/v1/clients/?limit=20&list=true&exclude=1,3&search=a');

      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Remove Acme Travel' }));
      expect(valueText()).toBe('[3]');
      await user.click(screen.getByRole('button', { name: 'Remove Coral Bay' }));
      expect(valueText()).toBe('[]');
      expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Picker, preload', () => {
  it('looks an unknown value up by its key with search and item=true and shows the matching item', async () => {
    const api = fakeApi();
    renderWithProviders(<SingleHost fetcher={api.fetcher} initial={2} />);
    const target = screen.getByRole('combobox', { name: 'Client' });
    await vi.waitFor(() => expect(target).toHaveTextContent('Blue Sky'));
    expect(api.urls()).toEqual(['/api/v1/clients/?search=2&item=true']);
  });

  it('preloads by search, taking the first result as the value', async () => {
    const api = fakeApi();
    const spy = vi.fn();
    renderWithProviders(<SingleHost fetcher={api.fetcher} preloadSearch="a" spy={spy} />);
    await vi.waitFor(() => expect(spy).toHaveBeenCalledWith(1));
    expect(api.urls()[0]).toBe('/api/v1/clients/?search=a&item=true');
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Acme Travel');
  });

  it('does not preload what initialItems already names', () => {
    const api = fakeApi();
    renderWithProviders(
      <MultiHost fetcher={api.fetcher} initial={[1, 2]} initialItems={[CLIENTS[0]!, CLIENTS[1]!]} />,
    );
    expect(screen.getByText('Acme Travel')).toBeInTheDocument();
    expect(screen.getByText('Blue Sky')).toBeInTheDocument();
    expect(api.fetcher).not.toHaveBeenCalled();
  });
});

describe('Picker, naming and pills', () => {
  it('takes aria-label for a field without a visible label and names the focusable input by it', () => {
    const api = fakeApi();
    renderWithProviders(
      <>
        <SingleHost fetcher={api.fetcher} label={undefined} aria-label="Paying client" />
        <MultiHost fetcher={api.fetcher} label={undefined} aria-label="Invited clients" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Paying client' }).tagName).toBe('BUTTON');
    expect(screen.getByRole('combobox', { name: 'Invited clients' }).tagName).toBe('INPUT');
  });

  it('gives the multi-choice field its id on one element only: the input its label points to', () => {
    const api = fakeApi();
    renderWithProviders(<MultiHost fetcher={api.fetcher} id="clients-field" />);
    const owners = document.querySelectorAll('[id="clients-field"]');
    expect(owners).toHaveLength(1);
    expect(owners[0]).toBe(screen.getByRole('combobox', { name: 'Clients' }));
  });

  it('removes a pill without opening the list or fetching it', async () => {
    const api = fakeApi();
    const { user } = renderWithProviders(
      <MultiHost fetcher={api.fetcher} initial={[1, 2]} initialItems={[CLIENTS[0]!, CLIENTS[1]!]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove Acme Travel' }));
    expect(valueText()).toBe('[2]');
    expect(screen.getByRole('combobox', { name: 'Clients' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // opening the list would have asked for it
    expect(api.fetcher).not.toHaveBeenCalled();
  });
});
