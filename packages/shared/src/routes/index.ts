/**
 * THE route map: every API route, one file per module. The API registers a handler for each entry
 * (apps/api/src/platform/routes.ts), the OpenAPI document is generated from them, and the web calls
 * them through its typed client (apps/web/src/lib/api.ts `call`). A route outside this map is
 * refused at registration.
 */
import { addresses } from './addresses';
import { admin } from './admin';
import { age } from './age';
import { autoMessages } from './auto-messages';
import { auth } from './auth';
import { backup } from './backup';
import { blocks } from './blocks';
import { calendar, plannedStreams } from './calendar';
import { cart } from './cart';
import { comments } from './comments';
import { coupons } from './coupons';
import { disputes, refunds } from './disputes';
import { earnings } from './earnings';
import { fans } from './fans';
import { feeds } from './feeds';
import { follows } from './follows';
import { galleries } from './galleries';
import { geo } from './geo';
import { health } from './health';
import { ledger } from './ledger';
import { legal } from './legal';
import { media } from './media';
import { messages } from './messages';
import { notifications } from './notifications';
import { orders } from './orders';
import { payments } from './payments';
import { payouts } from './payouts';
import { privacy } from './privacy';
import { takedowns } from './takedowns';
import { protection } from './protection';
import { tracking } from './tracking';
import { statistics } from './statistics';
import { salesTax, taxes } from './taxes';
import { performers } from './performers';
import { products } from './products';
import { photos } from './photos';
import { reactions } from './reactions';
import { reconciliation } from './reconciliation';
import { referrals } from './referrals';
import { promotions } from './promotions';
import { labels } from './labels';
import { tipmenu } from './tipmenu';
import { reference } from './reference';
import { releases } from './releases';
import { reports } from './reports';
import { screening } from './screening';
import { search } from './search';
import { settings } from './settings';
import { site } from './site';
import { streaming, streamChat } from './streaming';
import { subscriptions } from './subscriptions';
import { system } from './system';
import { users } from './users';
import { vault } from './vault';
import { videos } from './videos';
import { wallet } from './wallet';

export * from './define';
export const routes = {
  addresses,
  admin,
  age,
  auth,
  autoMessages,
  backup,
  blocks,
  calendar,
  cart,
  comments,
  coupons,
  disputes,
  earnings,
  fans,
  feeds,
  follows,
  galleries,
  geo,
  health,
  ledger,
  legal,
  media,
  messages,
  notifications,
  orders,
  payments,
  payouts,
  privacy,
  takedowns,
  protection,
  tracking,
  statistics,
  taxes,
  salesTax,
  performers,
  products,
  photos,
  plannedStreams,
  reactions,
  reconciliation,
  referrals,
  promotions,
  labels,
  tipmenu,
  reference,
  refunds,
  releases,
  reports,
  screening,
  search,
  settings,
  site,
  streaming,
  streamChat,
  subscriptions,
  system,
  users,
  vault,
  videos,
  wallet,
};
export type Routes = typeof routes;
