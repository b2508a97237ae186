import { ACCESS, type Access, rolesOnly } from '../auth/access.ts';

/** Folders and files: the operations roles (all of them see every folder; decision 0014). */
export const DOCUMENTS_ACCESS: Access = ACCESS.operations;
/** Deleting a folder needs the permission (spec 3); an Admin always passes. */
export const DOCUMENT_FOLDER_DELETE_ACCESS: Access = rolesOnly([], 'ROLE_ALLOW_DELETE_FOLDER');
