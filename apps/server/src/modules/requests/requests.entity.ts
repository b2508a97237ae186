/** The audit entity of a request and its lines (`GET /audit/?entity=request`). */
export const REQUEST_ENTITY = 'request';
