/** Query keys of a client's credit (deposit) as the invoice page reads it. */
export const clientCreditKeys = {
  balance: (clientId: number) => ['client-invoices', 'client-balance', clientId] as const,
  /** The directory's client page keeps its own copy of the balance under this key. */
  directoryBalance: (clientId: number) => ['directory', 'clients', 'balance', clientId] as const,
};
