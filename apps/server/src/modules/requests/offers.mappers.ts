import type { HotelOffer } from '@app/shared';
import Decimal from 'decimal.js';
import { nightsBetween } from './offers.format.ts';
import type { HotelOfferWithRefs } from './offers.repository.ts';

export function toHotelOffer(row: HotelOfferWithRefs): HotelOffer {
  return {
    id: row.id,
    request_id: row.request_id,
    position: row.position,
    hotel_name: row.hotel_name,
    room_type: row.room_type as HotelOffer['room_type'],
    meal: row.meal as HotelOffer['meal'],
    cancellation_policy: row.cancellation_policy as HotelOffer['cancellation_policy'],
    supplier: { id: row.supplier_id, name: row.supplier_name },
    date_from: row.date_from,
    date_to: row.date_to,
    nights: nightsBetween(row.date_from, row.date_to),
    pax: row.pax,
    cost: new Decimal(row.cost).toFixed(2),
    cost_currency: row.cost_currency as HotelOffer['cost_currency'],
    price: new Decimal(row.price).toFixed(2),
    price_currency: row.price_currency as HotelOffer['price_currency'],
    notes: row.notes,
    line_id: row.line_id,
    sent_at: row.sent_at?.toISOString() ?? null,
    created_by:
      row.created_by !== null && row.creator_name !== null
        ? { id: row.created_by, name: row.creator_name }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}
