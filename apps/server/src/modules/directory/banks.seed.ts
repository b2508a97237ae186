import type { ChangeEntry } from '../audit/audit.service.ts';
import { BANK_ENTITY, bankSnapshot, toBank } from './banks.service.ts';
import { banks } from './banks.table.ts';
import { companiesRepository } from './companies.repository.ts';
import type { DirectoryDemo } from './directory.seed.ts';

type BankSeed = [
  company: string,
  bank: string,
  account: string,
  swift: string,
  currency: 'GBP' | 'EUR' | 'USD' | 'AED',
  type: 'Income' | 'Outcome',
  opening: string,
];

const BANKS: BankSeed[] = [
  ['BSLF', 'Barclays', 'GB29BARC20000055779911', 'BARCGB22', 'GBP', 'Income', '125000.00'],
  ['BSLF', 'Barclays', 'GB94BARC20000055779922', 'BARCGB22', 'GBP', 'Outcome', '40000.00'],
  ['BSLF', 'Barclays', 'GB49BARC20000055779933', 'BARCGB22', 'EUR', 'Income', '18500.00'],
  ['BSLF', 'HSBC UK', 'GB15HBUK40127612345678', 'HBUKGB4B', 'USD', 'Outcome', '22000.00'],
  ['TPRO', 'Emirates NBD', 'AE070331234567890123456', 'EBILAEAD', 'AED', 'Income', '310000.00'],
  ['TPRO', 'Emirates NBD', 'AE460331234567890123457', 'EBILAEAD', 'AED', 'Outcome', '95000.00'],
  ['TPRO', 'Mashreq', 'AE330460000010123456789', 'BOMLAEAD', 'USD', 'Income', '50000.00'],
  ['AIRS', 'Lloyds Bank', 'GB33LOYD30963412345678', 'LOYDGB2L', 'GBP', 'Income', '60000.00'],
  ['AIRS', 'Lloyds Bank', 'GB82LOYD30963412349999', 'LOYDGB2L', 'GBP', 'Outcome', '15000.00'],
];

/** The companies' bank accounts, income and outcome; answers their creation. */
export async function seedBanks({ db }: DirectoryDemo): Promise<ChangeEntry[]> {
  const companyRows = await companiesRepository.all(db);
  const companyId = (code: string) => companyRows.find((c) => c.code === code)?.id;
  const bankRows = await db
    .insert(banks)
    .values(
      BANKS.filter(([code]) => companyId(code)).map(
        ([code, bank_name, account_number, swift, currency, type, opening_balance]) => ({
          company_id: companyId(code)!,
          bank_name,
          account_name: companyRows.find((c) => c.code === code)!.name,
          account_number,
          swift,
          currency,
          type,
          opening_balance,
        }),
      ),
    )
    .onConflictDoNothing()
    .returning();

  return bankRows.map((row) => {
    const company = companyRows.find((c) => c.id === row.company_id)!;
    return {
      entity: BANK_ENTITY,
      id: row.id,
      before: null,
      after: bankSnapshot(
        toBank({ ...row, company: { id: company.id, code: company.code, name: company.name } }),
      ),
    };
  });
}
