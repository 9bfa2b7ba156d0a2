import { expect, type Locator, type Page } from '@playwright/test';

/** Waits for the page's running animations (a dialog zooming in, a list sliding open). A click on something still
 * moving can be lost: mouse down and up land on different elements, or the list moves after the click was aimed.
 * Endless animations (spinners, skeletons) are not waited for. */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Picks an option of an antd Select (`select` is its labelled combobox) and checks that the choice took. The option
 * is clicked only once its list has opened: while the list's motion classes are on, or the dialog around it is still
 * zooming in, a click can be lost and the form keeps no value. */
export async function choose(select: Locator, option: string, how: 'click' | 'tap' = 'click') {
  const page = select.page();
  await select[how]();
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(list).toHaveCount(1);
  await expect(list).not.toHaveClass(/-(appear|enter)\b/);
  await animationsDone(page);
  await list.getByTitle(option, { exact: true })[how]();
  const field = select.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(field.locator(`.ant-select-content[title="${option}"]`)).toBeVisible();
}
