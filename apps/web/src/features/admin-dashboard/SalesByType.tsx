import type { Dashboard } from '@stagepass/shared';
import { count, money } from '@/lib/format';
import { SALE_TYPE } from './dashboard-format';
import css from './dashboard.module.css';

/** Sales in the range by kind: number of sales, gross and commission, with a bar of each kind's share of the gross. */
export default function SalesByType({ sales }: { sales: Dashboard['sales'] }) {
  const top = Math.max(0, ...sales.byType.map((l) => l.gross));
  return (
    <table className={css.types}>
      <caption>Sales by type</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Sales</th>
          <th scope="col">Gross</th>
          <th scope="col">Commission</th>
        </tr>
      </thead>
      <tbody>
        {sales.byType.map((l) => (
          <tr key={l.type} className={l.count === 0 && l.gross === 0 ? css.zero : undefined}>
            <th scope="row">
              {SALE_TYPE[l.type]}
              {top > 0 && l.gross > 0 && <span className={css.bar} style={{ width: `${Math.round((l.gross / top) * 100)}%` }} aria-hidden="true" />}
            </th>
            <td>{count(l.count)}</td>
            <td>{money(l.gross)}</td>
            <td>{money(l.commission)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td>Total</td>
          <td>{count(sales.count)}</td>
          <td>{money(sales.gross)}</td>
          <td>{money(sales.commission)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
