/** Where a request's page goes back to: the list, as it was left (the navigation helper). */
export const REQUESTS_PATH = '/requests';
