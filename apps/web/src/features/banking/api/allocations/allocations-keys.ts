import type { AllocationBody } from '@app/shared/banking/allocations.schemas';

/** Query keys of allocations and their previews; everything lives under `['allocations']`. */
export const allocationsKeys = {
  all: ['allocations'] as const,
  forTransaction: (id: number) => ['allocations', 'list', { transaction: id }] as const,
  preview: (body: AllocationBody) => ['allocations', 'preview', body] as const,
};
