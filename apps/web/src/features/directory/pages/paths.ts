/** Where each directory screen lives (spec 2.1); records sit under their list. */
export const CLIENTS_PATH = '/directory/clients';
export const SUPPLIERS_PATH = '/directory/suppliers';
export const MANAGERS_PATH = '/directory/managers';
export const SERVICES_PATH = '/directory/services';
export const BANKS_PATH = '/directory/banks';
export const COMPANIES_PATH = '/directory/companies';
