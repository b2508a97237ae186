export const vatRatesKeys = {
  all: ['reports', 'vat-rates'] as const,
};
