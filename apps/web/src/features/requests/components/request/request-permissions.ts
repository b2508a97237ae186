import { ACCESS, canAccess } from '@app/shared/auth/access';
import { LOG_REVIEW_ACCESS, LOG_SUBMIT_ACCESS } from '@app/shared/requests/log.access';
import { HOTEL_OFFERS_WRITE_ACCESS } from '@app/shared/requests/offers.access';
import { REQUESTS_WRITE_ACCESS } from '@app/shared/requests/requests.access';
import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import type { CurrentUser } from '@app/shared/users/user.schemas';

/** What the signed-in person may do on this request's page (the server checks the same rules). */
export interface RequestAbilities {
  /** Header, lines, status moves, cancel and delete: operations, or accounting on an accounting request. */
  edit: boolean;
  offers: boolean;
  submit: boolean;
  review: boolean;
}

export function requestAbilities(user: CurrentUser, request: RequestRecord): RequestAbilities {
  const open = request.canceled_at === null;
  const operations = request.kind === 'accounting' ? ACCESS.accountingRequest : REQUESTS_WRITE_ACCESS;
  return {
    edit: open && canAccess(user, operations),
    offers: open && request.kind === 'service' && canAccess(user, HOTEL_OFFERS_WRITE_ACCESS),
    submit: open && canAccess(user, LOG_SUBMIT_ACCESS),
    review: canAccess(user, LOG_REVIEW_ACCESS),
  };
}
