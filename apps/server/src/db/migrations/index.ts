import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-outbox.ts';
import * as m0002 from './0002-catalogue.ts';
import * as m0004 from './0004-customers.ts';
import * as m0005 from './0005-auth.ts';
import * as m0006 from './0006-cart-orders.ts';
import * as m0007 from './0007-gift-cards.ts';
import * as m0008 from './0008-order-receipts.ts';
import * as m0009 from './0009-sign-in-safety.ts';
import * as m0010 from './0010-pictures.ts';
import * as m0011 from './0011-option-positions.ts';
import * as m0013 from './0013-staff.ts';
import * as m0014 from './0014-order-operations.ts';
import * as m0015 from './0015-review-flag-once.ts';
import * as m0016 from './0016-seller-money.ts';
import * as m0017 from './0017-catalogue-documents.ts';
import * as m0018 from './0018-gift-card-lookup-misses.ts';
import * as m0019 from './0019-ledger-fees-by-time.ts';
import * as m0020 from './0020-staff-passkey-recovery.ts';
import * as m0024 from './0024-one-outbox.ts';
import * as m0025 from './0025-gift-card-outbox.ts';
import * as m0026 from './0026-text-campaigns.ts';
import * as m0027 from './0027-reply-to-buy.ts';
import * as m0028 from './0028-automations.ts';
import * as m0029 from './0029-seller-self-serve.ts';
import * as m0030 from './0030-seller-subscription.ts';
import * as m0031 from './0031-search.ts';
import * as m0032 from './0032-search-facet-codes.ts';

// Migrations are listed here rather than read from the folder, so they run the same from source (tsx),
// from tests and from any bundle. Names sort in the order they run. There is no 0003: that number was
// taken by a migration that was never landed, and numbers are never reused (a database that ran a
// migration by that name must not mistake another for it), so the list goes from 0002 to 0004.
const migrations: Record<string, Migration> = {
  '0001-outbox': m0001,
  '0002-catalogue': m0002,
  '0004-customers': m0004,
  '0005-auth': m0005,
  '0006-cart-orders': m0006,
  '0007-gift-cards': m0007,
  '0008-order-receipts': m0008,
  '0009-sign-in-safety': m0009,
  '0010-pictures': m0010,
  '0011-option-positions': m0011,
  '0013-staff': m0013,
  '0014-order-operations': m0014,
  '0015-review-flag-once': m0015,
  '0016-seller-money': m0016,
  '0017-catalogue-documents': m0017,
  '0018-gift-card-lookup-misses': m0018,
  '0019-ledger-fees-by-time': m0019,
  '0020-staff-passkey-recovery': m0020,
  '0024-one-outbox': m0024,
  '0025-gift-card-outbox': m0025,
  '0026-text-campaigns': m0026,
  '0027-reply-to-buy': m0027,
  '0028-automations': m0028,
  '0029-seller-self-serve': m0029,
  '0030-seller-subscription': m0030,
  '0031-search': m0031,
  '0032-search-facet-codes': m0032,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
