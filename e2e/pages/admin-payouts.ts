import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until an antd dialog has finished opening. While its zoom-in runs (the motion classes
 * `…-appear` / `…-enter` are on the role=dialog element) the buttons grow under the pointer: a
 * click then can start on the button and end beside it, and is lost (the dialog stays open and
 * nothing is sent).
 */
export async function dialogReady(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-(appear|enter)(\s|-|$)/);
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

type ReviewAction = 'Approve' | 'Reject' | 'Mark paid';
const REVIEW_URL = /\/admin\/payout-requests\/[^/]+\/status$/;

/** The operator's payout review screen (/admin/payouts). */
export class AdminPayoutsPage {
  constructor(private page: Page) {}

  async open() {
    await this.page.goto('/admin/payouts');
    await expect(this.page.getByRole('heading', { name: 'Payout requests', level: 1 })).toBeVisible();
  }

  /** The table row of one request ("Payout request of $20.00 by Star"). */
  row(amount: string, creatorName: string): Locator {
    return this.page.getByRole('row', { name: `Payout request of ${amount} by ${creatorName}` });
  }

  /**
   * Opens the row's review dialog, waits until it is ready and confirms. The confirm click is
   * repeated only when it sent no review request and the dialog is still open (a lost click),
   * so a review is never sent twice.
   */
  async review(row: Locator, action: ReviewAction, opts: { note?: string } = {}) {
    await row.getByRole('button', { name: action }).click();
    // The dialog of this action (the previous review's dialog may still be closing).
    const dialog = this.page.getByRole('dialog').filter({ has: this.page.getByRole('button', { name: action, exact: true }) });
    await dialogReady(dialog);
    if (opts.note !== undefined) await dialog.getByLabel('Admin note').fill(opts.note);
    const confirm = dialog.getByRole('button', { name: action, exact: true });
    for (let attempt = 1; ; attempt++) {
      const sent = this.page
        .waitForRequest((r) => r.method() === 'PUT' && REVIEW_URL.test(new URL(r.url()).pathname), { timeout: 3000 })
        .then(() => true, () => false);
      await confirm.click();
      if (await sent) return;
      if (attempt >= 3 || !(await dialog.isVisible())) throw new Error(`The "${action}" confirmation sent no review request (attempt ${attempt})`);
    }
  }
}
