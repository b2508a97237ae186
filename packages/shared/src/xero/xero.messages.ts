/** Spec 4 and 8: the success text of the contact sync, exactly as the product shows it. */
export const XERO_SYNC_SUCCESS = 'Xero sync success;';

/** What the menu says when the server has no Xero app credentials (issue 15). */
export const XERO_NOT_CONFIGURED =
  'The Xero integration is not configured on this server. Ask an administrator to set XERO_CLIENT_ID and XERO_CLIENT_SECRET.';

/** The name the product shows for its accounting service. */
export const ACCOUNTING_SERVICE_NAME = 'Xero';
