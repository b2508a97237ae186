import type {
  Bank,
  Client,
  Company,
  CreateBankBody,
  CreateClientBody,
  CreateCompanyBody,
  CreateServiceBody,
  CreateSupplierBody,
  DirectoryService,
  Manager,
  Supplier,
  UpdateBankBody,
  UpdateClientBody,
  UpdateCompanyBody,
  UpdateServiceBody,
  UpdateSupplierBody,
} from '@app/shared/directory/index';

/** The records of each directory area, with what creating and updating one sends. */
export interface DirectoryTypes {
  clients: { record: Client; create: CreateClientBody; update: UpdateClientBody };
  suppliers: { record: Supplier; create: CreateSupplierBody; update: UpdateSupplierBody };
  managers: { record: Manager; create: never; update: never };
  services: { record: DirectoryService; create: CreateServiceBody; update: UpdateServiceBody };
  banks: { record: Bank; create: CreateBankBody; update: UpdateBankBody };
  companies: { record: Company; create: CreateCompanyBody; update: UpdateCompanyBody };
}

export type DirectoryArea = keyof DirectoryTypes;
export type EditableArea = Exclude<DirectoryArea, 'managers'>;
export type RecordOf<A extends DirectoryArea> = DirectoryTypes[A]['record'];

/** The area's collection under /api/v1 (API.md: plural nouns, trailing slash). */
export const areaPath = (area: DirectoryArea): string => `${area}/`;
export const recordPath = (area: DirectoryArea, id: number): string => `${area}/${id}/`;

/** The entity name the server records the area's changes under (GET /audit/?entity=...). */
export const AUDIT_ENTITY: Record<EditableArea, string> = {
  clients: 'client',
  suppliers: 'supplier',
  services: 'service',
  banks: 'bank',
  companies: 'company',
};

/** Query keys: every call of an area starts with ['directory', area] so one invalidation refreshes all. */
export const directoryKeys = {
  area: (area: DirectoryArea) => ['directory', area] as const,
  list: (area: DirectoryArea, query: Record<string, unknown>) => ['directory', area, 'list', query] as const,
  detail: (area: DirectoryArea, id: number) => ['directory', area, 'detail', id] as const,
};
