import type {
  AccountStatus,
  AccountType,
  AnyServiceType,
  CancellationPolicy,
  CurrencyCode,
  DeadlineListItem,
  DeadlinePaymentType,
  FlightClass,
  LineDeadline,
  PaymentMethod,
  RequestCompany,
  RequestKind,
  RequestLine,
  RequestListItem,
  RequestStatus,
  RoomMeal,
  RoomType,
  ServiceSubtype,
} from '@app/shared';
import { type LineValue, money } from './requests.money.ts';
import type {
  DeadlineListRow,
  DeadlineRow,
  RequestLineWithSupplier,
  RequestWithRefs,
} from './requests.repository.ts';

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export function toListItem(r: RequestWithRefs): RequestListItem {
  const q = r.request;
  return {
    id: q.id,
    number: q.number,
    kind: q.kind as RequestKind,
    company: { id: q.company_id, code: r.company_code as RequestCompany },
    client: { id: q.client_id, name: r.client_name },
    fo_manager: ref(q.fo_manager_id, r.fo_name),
    bo_manager: ref(q.bo_manager_id, r.bo_name),
    office: { id: q.region_id, title: r.office_title, ccy: r.office_ccy },
    status: q.status as RequestStatus,
    date_from: q.date_from,
    date_to: q.date_to,
    service_types: q.service_types as AnyServiceType[],
    supplier_names: q.supplier_names,
    base_currency: q.base_currency as CurrencyCode,
    sell_total: money(q.sell_total),
    margin: money(q.margin),
    has_invoice: q.has_invoice,
    lines_count: q.lines_count,
    created_at: q.created_at.toISOString(),
    version: q.version,
  };
}

export function toDeadline(d: DeadlineRow): LineDeadline {
  return { id: d.id, type: d.type as DeadlinePaymentType, due_date: d.due_date, amount: money(d.amount) };
}

export function toLine(l: RequestLineWithSupplier, deadlines: DeadlineRow[], value: LineValue): RequestLine {
  return {
    id: l.id,
    position: l.position,
    service_type: l.service_type as AnyServiceType,
    service_subtype: l.service_subtype as ServiceSubtype | null,
    supplier: ref(l.supplier_id, l.supplier_name),
    date_from: l.date_from,
    hour_from: l.hour_from,
    minute_from: l.minute_from,
    date_to: l.date_to,
    hour_to: l.hour_to,
    minute_to: l.minute_to,
    pax: l.pax,
    description: l.description,
    account_type: l.account_type as AccountType,
    cost: money(l.cost),
    cost_currency: l.cost_currency as CurrencyCode,
    sell: money(l.sell),
    sell_currency: l.sell_currency as CurrencyCode,
    payment_method: l.payment_method as PaymentMethod,
    status: l.status as AccountStatus | null,
    hotel_name: l.hotel_name,
    room_type: l.room_type as RoomType | null,
    meal: l.meal as RoomMeal | null,
    cancellation_policy: l.cancellation_policy as CancellationPolicy | null,
    flight_class: l.flight_class as FlightClass | null,
    route: l.route,
    deadlines: deadlines.map(toDeadline),
    ...value,
    created_at: l.created_at.toISOString(),
    updated_at: l.updated_at.toISOString(),
    version: l.version,
  };
}

export function toDeadlineItem(r: DeadlineListRow, today: string): DeadlineListItem {
  return {
    ...toDeadline(r.deadline),
    currency: r.currency as CurrencyCode,
    overdue: r.deadline.due_date < today && r.line_status !== 'Canceled',
    request: { id: r.deadline.request_id, number: r.request_number },
    line: {
      id: r.deadline.line_id,
      service_type: r.service_type as AnyServiceType,
      status: r.line_status as AccountStatus | null,
    },
    supplier: ref(r.supplier_id, r.supplier_name),
    client: { id: r.client_id, name: r.client_name },
    fo_manager: ref(r.fo_manager_id, r.fo_name),
    bo_manager: ref(r.bo_manager_id, r.bo_name),
    office: { id: r.region_id, title: r.office_title, ccy: r.office_ccy },
  };
}

/** What the history keeps of a request's header. */
export const requestSnapshot = (r: {
  number: string;
  kind: string;
  company_id: number;
  client_id: number;
  fo_manager_id: number | null;
  bo_manager_id: number | null;
  region_id: number;
  description: string | null;
  canceled_at: Date | null;
}) => ({
  number: r.number,
  kind: r.kind,
  company_id: r.company_id,
  client_id: r.client_id,
  fo_manager_id: r.fo_manager_id,
  bo_manager_id: r.bo_manager_id,
  region_id: r.region_id,
  description: r.description,
  canceled_at: r.canceled_at,
});

/** What the history keeps of a line (under the request, key `line <id>`). */
export const lineSnapshot = (
  l: {
    service_type: string;
    service_subtype: string | null;
    supplier_id: number | null;
    date_from: string | null;
    date_to: string | null;
    account_type: string;
    cost: string;
    cost_currency: string;
    sell: string;
    sell_currency: string;
    payment_method: string;
    status: string | null;
    hotel_name: string | null;
    rate_set_id: number | null;
  },
  deadlines?: ReadonlyArray<{ type: string; due_date: string; amount: string }>,
) => ({
  service_type: l.service_type,
  service_subtype: l.service_subtype,
  supplier_id: l.supplier_id,
  date_from: l.date_from,
  date_to: l.date_to,
  account_type: l.account_type,
  cost: money(l.cost),
  cost_currency: l.cost_currency,
  sell: money(l.sell),
  sell_currency: l.sell_currency,
  payment_method: l.payment_method,
  status: l.status,
  hotel_name: l.hotel_name,
  rate_set_id: l.rate_set_id,
  ...(deadlines && {
    deadlines: deadlines.map((d) => `${d.type} ${d.due_date} ${money(d.amount)}`),
  }),
});
