import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The trade-in flow over a page (the side sheet, the modal or the phone's bottom sheet), by role and label. */
export class TradeInFlow {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /Trade in a device|Recycle and trade in/ });
  }

  /** The view's heading (each view's heading takes focus as it comes in). */
  heading(name: string | RegExp): Locator {
    return this.dialog.getByRole('heading', { level: 3, name });
  }

  /** Presses a control by keyboard: focus, then Enter (a radio: Space). */
  async press(control: Locator, key: 'Enter' | 'Space' = 'Enter') {
    await control.focus();
    await expect(control).toBeFocused();
    await this.page.keyboard.press(key);
  }

  async button(name: string | RegExp): Promise<void> {
    await this.press(this.dialog.getByRole('button', { name }));
  }

  /** Types in a labelled field and sends its form with Enter. */
  async search(label: string | RegExp, text: string) {
    const field = this.dialog.getByLabel(label);
    await field.focus();
    await field.fill(text);
    await this.page.keyboard.press('Enter');
  }

  /** Answers a question (its fieldset's legend) by keyboard. */
  async answer(question: string | RegExp, answer: string | RegExp) {
    const group = this.dialog.getByRole('group', { name: question });
    await this.press(group.getByRole('radio', { name: answer }), 'Space');
    await expect(group.getByRole('radio', { name: answer })).toBeChecked();
  }

  /**
   * Answers every question the device's questionnaire asks, whatever its wording (the catalog may hold the
   * demo's questions or a test factory's): opened but working and unmarked, the battery as told, and the
   * optional appraisal, when offered, accepted or declined.
   */
  async answerEvery({
    battery = 'No',
    appraisal = 'decline',
  }: {
    battery?: 'No' | 'Yes';
    appraisal?: 'accept' | 'decline';
  } = {}) {
    const groups = this.dialog.getByRole('group');
    const count = await groups.count();
    for (let index = 0; index < count; index++) {
      const group = groups.nth(index);
      const legend = (await group.locator('legend').textContent()) ?? '';
      const radios = group.getByRole('radio');
      let choice = radios.first();
      if (/appraisal/i.test(legend))
        choice = group.getByRole('radio', { name: appraisal === 'accept' ? /^Accept/ : /^Decline/ });
      else if (/battery/i.test(legend)) choice = group.getByRole('radio', { name: battery, exact: true });
      else if (/sealed/i.test(legend)) choice = group.getByRole('radio', { name: /^No/ });
      await this.press(choice, 'Space');
      await expect(choice).toBeChecked();
    }
  }

  /** axe finds nothing wrong in the dialog as it stands. */
  async expectAxeClean() {
    const results = await new AxeBuilder({ page: this.page }).include('[role="dialog"]').analyze();
    expect(
      results.violations.map((v) => `${v.id} ${v.help}: ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
  }
}
